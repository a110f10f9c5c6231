import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './settle-within';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('settleWithin', () => {
  it('answers true as soon as the work settles, failed or not', async () => {
    await expect(settleWithin(Promise.resolve('ok'), 1000)).resolves.toBe(true);
    await expect(settleWithin(Promise.reject(new Error('down')), 1000)).resolves.toBe(true);
  });

  it('answers false once the wait runs out, while the work goes on', async () => {
    const never = new Promise(() => {});
    const waited = settleWithin(never, 3000);
    await vi.advanceTimersByTimeAsync(2999);
    let done = false;
    void waited.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(waited).resolves.toBe(false);
  });
});
