/**
 * A long loop on the event loop gives way every few milliseconds, so that the fleet's live messages, the API and
 * the broker's keep-alives wait at most a slice, never the whole loop: the analysis roll-up's batch of 250 robot
 * days, each with a day of facts, took 300–400 ms in one go, and every robot's live update waited for it.
 *
 *   const slicer = new LoopSlicer();
 *   for (const item of items) { work(item); if (slicer.due()) await slicer.giveWay(); }
 */
export class LoopSlicer {
  private since: number;

  constructor(
    private readonly sliceMs = 8,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.since = now();
  }

  /** Whether the current slice has run its time. */
  due(): boolean {
    return this.now() - this.since >= this.sliceMs;
  }

  /** Lets everything waiting on the event loop (I/O, timers) run, then starts a new slice. */
  async giveWay(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.since = this.now();
  }
}
