import { describe, expect, it } from 'vitest';
import { LoopSlicer } from './loop-slicer.js';

describe('LoopSlicer', () => {
  it('is due once its slice has run, and starts a new slice after giving way', async () => {
    let clock = 0;
    const slicer = new LoopSlicer(8, () => clock);
    clock = 7;
    expect(slicer.due()).toBe(false);
    clock = 8;
    expect(slicer.due()).toBe(true);
    await slicer.giveWay();
    expect(slicer.due()).toBe(false);
    clock = 16;
    expect(slicer.due()).toBe(true);
  });

  it('lets what waits on the event loop run before the loop goes on', async () => {
    const slicer = new LoopSlicer(0);
    const order: string[] = [];
    // What came in while the loop ran (a robot's message handed on, an answer read) is queued before it gives way.
    setImmediate(() => order.push('a robot message'));
    await slicer.giveWay();
    order.push('the loop');
    expect(order).toEqual(['a robot message', 'the loop']);
  });
});
