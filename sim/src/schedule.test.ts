import { describe, expect, it } from 'vitest';
import { nextDue } from './schedule.js';

describe('nextDue', () => {
  it.each([
    { name: 'on time', due: 1000, now: 1000, expected: 1500 },
    { name: 'a tick late: keeps the cadence', due: 1000, now: 1100, expected: 1500 },
    { name: 'almost an interval late: still keeps it', due: 1000, now: 1900, expected: 1500 },
    { name: 'stalled for long: skips ahead, no burst', due: 1000, now: 5000, expected: 5500 },
  ])('$name', ({ due, now, expected }) => {
    expect(nextDue(due, 500, now)).toBe(expected);
  });

  it('publishes at the promised average rate when every tick is late', () => {
    let due = 0;
    let sent = 0;
    // 100 ms ticks, each 60 ms late, for 60 s, with a 500 ms interval: 120 messages.
    for (let t = 60; t < 60_000; t += 100) {
      if (t >= due) {
        sent++;
        due = nextDue(due, 500, t);
      }
    }
    expect(sent).toBe(120);
  });
});
