import { describe, expect, it } from 'vitest';
import { Limiter } from './limiter.js';

describe('Limiter', () => {
  it('lets `max` holders in and the others in arrival order as slots are given back', async () => {
    const slots = new Limiter(2);
    const order: string[] = [];
    const take = (name: string) =>
      slots.acquire().then((release) => {
        order.push(name);
        return release;
      });
    const [a, b] = await Promise.all([take('a'), take('b')]);
    const c = take('c');
    const d = take('d');
    expect(slots.active).toBe(2);
    expect(slots.queued).toBe(2);
    a();
    a(); // twice gives back once
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    expect(slots.active).toBe(0);
  });

  it('drops a waiter whose signal aborts, holding nothing', async () => {
    const slots = new Limiter(1);
    const release = await slots.acquire();
    const ctl = new AbortController();
    const waiting = slots.acquire(ctl.signal);
    ctl.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(slots.queued).toBe(0);
    release();
    expect(slots.active).toBe(0);
    await expect(slots.acquire(ctl.signal)).rejects.toThrow('gone');
  });

  it('runs work in a slot and gives it back when the work fails', async () => {
    const slots = new Limiter(1);
    await expect(slots.run(undefined, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(undefined, async () => 7)).toBe(7);
    expect(slots.active).toBe(0);
  });
});
