import type { ThreadCounts } from './thread-messages.js';

/** Counts collected in the telemetry thread between two batches, handed to the main thread's metrics. */
export class CountBuffer {
  private counts: ThreadCounts | null = null;

  add(group: keyof ThreadCounts, label: string): void {
    this.counts ??= { accepted: {}, dropped: {}, refused: {} };
    const g = this.counts[group];
    g[label] = (g[label] ?? 0) + 1;
  }

  get empty(): boolean {
    return this.counts === null;
  }

  take(): ThreadCounts | null {
    const out = this.counts;
    this.counts = null;
    return out;
  }
}
