import { percentile } from '../support/stats.js';

export interface DelayResult {
  samples: number;
  p50: number;
  p99: number;
  max: number;
  overtaken: number;
  lost: number;
  /** Publish → the server's batch tick (ingest, then waiting for the next 50 ms tick with the robot due). */
  toTick: { p50: number; p99: number };
  /** The batch tick → the browser has it (building, sending, receiving). */
  tickToBrowser: { p50: number; p99: number };
}

/**
 * Publish-to-browser delay of the probe robots. Each probe message carries a sequence number (as its x
 * position); a browser's batch shows the newest one the server had. The delay of publish `s` for one browser
 * is the time from its publication until that browser first holds state at least as new as `s`: a message
 * overtaken before its robot's next turn (a robot goes at most every 200 ms) is delivered by its successor, as
 * the console intends (coalescing).
 * Publications never delivered within the grace period count as infinitely late, so they cannot flatter p99.
 */
export class DelayRecorder {
  private readonly publishedAt: Map<number, number>[];
  private readonly lastSeq: Int32Array[];
  private from = Number.POSITIVE_INFINITY;
  private to = Number.POSITIVE_INFINITY;
  private readonly samples: number[] = [];
  /** For publications delivered by their own batch: publish → the batch's tick, and the tick → received. */
  private readonly toTick: number[] = [];
  private readonly tickToBrowser: number[] = [];
  private overtaken = 0;

  constructor(
    private readonly probes: number,
    private readonly clients: number,
  ) {
    this.publishedAt = Array.from({ length: probes }, () => new Map());
    this.lastSeq = Array.from({ length: clients }, () => new Int32Array(probes));
  }

  /** Publications in [from, to) are measured; earlier and later ones are warm-up and cool-down. */
  window(from: number, to: number): void {
    this.from = from;
    this.to = to;
  }

  /**
   * A new measurement over [from, to) with the same probes and browsers (bench/api-apps.ts measures several phases
   * on one connection): what was measured and published before is dropped, what each browser has seen is kept.
   */
  restart(from: number, to: number): void {
    for (const p of this.publishedAt) p.clear();
    this.samples.length = 0;
    this.toTick.length = 0;
    this.tickToBrowser.length = 0;
    this.overtaken = 0;
    this.window(from, to);
  }

  published(probe: number, seq: number, at: number): void {
    this.publishedAt[probe]?.set(seq, at);
  }

  /** `tickAt`: when the server started the batch (its `at`), on this process's clock. */
  seen(client: number, probe: number, seq: number, at: number, tickAt: number): void {
    const last = this.lastSeq[client];
    const published = this.publishedAt[probe];
    if (!last || !published || seq <= (last[probe] ?? 0)) return;
    for (let s = (last[probe] ?? 0) + 1; s <= seq; s++) {
      const t = published.get(s);
      if (t === undefined || t < this.from || t >= this.to) continue;
      this.samples.push(at - t);
      if (s < seq) this.overtaken++;
      else if (Number.isFinite(tickAt)) {
        this.toTick.push(tickAt - t);
        this.tickToBrowser.push(at - tickAt);
      }
    }
    last[probe] = seq;
  }

  /** Call after the grace period: what was measured, with undelivered publications counted as lost. */
  result(): DelayResult {
    let lost = 0;
    for (let c = 0; c < this.clients; c++) {
      for (let p = 0; p < this.probes; p++) {
        const last = this.lastSeq[c]?.[p] ?? 0;
        for (const [seq, t] of this.publishedAt[p] ?? []) {
          if (seq > last && t >= this.from && t < this.to) lost++;
        }
      }
    }
    const all = lost
      ? [...this.samples, ...Array<number>(lost).fill(Number.POSITIVE_INFINITY)]
      : this.samples;
    return {
      samples: all.length,
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all.length ? Math.max(...all) : Number.NaN,
      overtaken: this.overtaken,
      lost,
      toTick: { p50: percentile(this.toTick, 50), p99: percentile(this.toTick, 99) },
      tickToBrowser: { p50: percentile(this.tickToBrowser, 50), p99: percentile(this.tickToBrowser, 99) },
    };
  }
}
