import { describe, expect, it } from 'vitest';
import { createRng } from '../prng.js';
import { PressSchedule } from './press-schedule.js';

/** Presses due in each `stepMs` over `ms`, asked as a timer firing every step would. */
function run(schedule: PressSchedule, ms: number, stepMs: number): number[] {
  const counts: number[] = [];
  for (let t = stepMs; t <= ms; t += stepMs) counts.push(schedule.due(t));
  return counts;
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('PressSchedule', () => {
  it('presses at the mean rate, in gaps that vary', () => {
    const schedule = new PressSchedule(2, createRng(1), 0);
    const perSecond = run(schedule, 1_000_000, 1000);
    expect(sum(perSecond) / 1000).toBeGreaterThan(1.9);
    expect(sum(perSecond) / 1000).toBeLessThan(2.1);
    // Poisson: some seconds none, some several.
    expect(perSecond).toContain(0);
    expect(Math.max(...perSecond)).toBeGreaterThanOrEqual(5);
  });

  it('is the same for the same seed, and another for another', () => {
    const times = (seed: number) => run(new PressSchedule(1, createRng(seed), 0), 60_000, 100);
    expect(times(7)).toEqual(times(7));
    expect(times(7)).not.toEqual(times(8));
  });

  it('says when the next press is due, and nothing is due before it', () => {
    const schedule = new PressSchedule(0.5, createRng(3), 1000);
    const next = schedule.next;
    expect(next).toBeGreaterThan(1000);
    expect(schedule.due(next - 1)).toBe(0);
    expect(schedule.due(next)).toBeGreaterThanOrEqual(1);
    expect(schedule.next).toBeGreaterThan(next);
  });

  it('makes one press after a stall instead of all it missed', () => {
    const schedule = new PressSchedule(10, createRng(1), 0);
    expect(schedule.due(60_000)).toBe(1);
    expect(schedule.next).toBeGreaterThan(60_000);
  });

  it('never presses at a rate of 0', () => {
    const schedule = new PressSchedule(0, createRng(1), 0);
    expect(schedule.next).toBe(Number.POSITIVE_INFINITY);
    expect(schedule.due(1e12)).toBe(0);
  });
});
