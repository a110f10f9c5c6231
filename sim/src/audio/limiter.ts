/**
 * At most `max` holders at once; the others wait in arrival order. A robot's downloads take a slot of its own
 * limiter (2) and one of the process's (`processDownloadSlots`), so 100 robots of one simulator downloading at
 * once open 16 sockets, not hundreds.
 */
export class Limiter {
  private held = 0;
  private readonly waiters: Array<() => void> = [];

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new RangeError(`a limiter needs at least 1 slot, not ${max}`);
  }

  /** Slots taken now. */
  get active(): number {
    return this.held;
  }

  /** Callers waiting for a slot. */
  get queued(): number {
    return this.waiters.length;
  }

  /**
   * Resolves with the function that gives the slot back (calling it twice gives it back once). Rejects with the
   * signal's reason when the signal aborts first; the caller then holds nothing.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.held < this.max) {
      this.held++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(grant);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal?.reason);
      };
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(this.releaser());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(grant);
    });
  }

  /** Runs `work` holding a slot. */
  async run<T>(signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so `held` stays as it is.
      const next = this.waiters.shift();
      if (next) next();
      else this.held--;
    };
  }
}

/** Audio downloads of every robot of this process at once (a fleet of 10,000 shares 16 sockets). */
export const processDownloadSlots = new Limiter(16);
