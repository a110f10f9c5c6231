import type { Rng } from '../prng.js';

/**
 * When the people at a fleet of devices press: independent presses at a mean rate, so the gaps between them are
 * exponential (a Poisson process), drawn from a seeded PRNG. Pure: the caller asks what is due at a time.
 */
export class PressSchedule {
  private nextAt: number;

  /** @param perSecond presses a second over all devices; 0 or less: none ever. */
  constructor(
    private readonly perSecond: number,
    private readonly rng: Rng,
    now: number,
  ) {
    this.nextAt = perSecond > 0 ? now + this.gap() : Number.POSITIVE_INFINITY;
  }

  /** When the next press is due (ms, the clock the caller uses); Infinity when none ever is. */
  get next(): number {
    return this.nextAt;
  }

  /**
   * How many presses are due by `now`. A caller that was held up for more than a second (a stalled machine) gets
   * one press, not a burst of all it missed: a burst would measure the burst.
   */
  due(now: number): number {
    if (this.nextAt > now) return 0;
    if (now - this.nextAt > 1000) {
      this.nextAt = now + this.gap();
      return 1;
    }
    let n = 0;
    while (this.nextAt <= now) {
      n++;
      this.nextAt += this.gap();
    }
    return n;
  }

  private gap(): number {
    return (-Math.log(1 - this.rng()) / this.perSecond) * 1000;
  }
}
