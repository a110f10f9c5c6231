import type { LiftLiveView } from '@fleet/contract';
import type { WebSocket } from 'ws';

/** What /live needs of the lifts of this region (modules/lifts/lift-feed.ts gives it). */
export interface LiftFeed {
  /** The company's lifts as /elevator shows them. */
  list(companyId: string): LiftLiveView[];
  view(liftId: string): LiftLiveView | undefined;
  companyOf(liftId: string): string | undefined;
  /** Every lift with its company and when its last state arrived. */
  reportTimes(): Iterable<[liftId: string, companyId: string, reportedAt: number | null]>;
  /** Lifts held or waited for: their view changes without a state from the lift (a deadline, a wait). */
  busy(): Iterable<string>;
  /** Hears of a lift whenever something shown of it changed (not for a state repeated unchanged). */
  onChange(listener: (liftId: string) => void): () => void;
}

export interface LiftSubscriber {
  socket: WebSocket;
  companyId: string;
}

/**
 * A lift that repeats its state unchanged is said to be fresh at most this often: the console shows the age of
 * its last state in seconds, and 500 lifts reporting once a second should not each cost a whole record.
 */
export const LIFT_FRESH_MS = 1000;

interface Sent {
  companyId: string;
  json: string;
  reportedAt: number | null;
}

/**
 * Pushes lifts to the browsers that follow them on /live: a snapshot on subscribe, then on each tick the lifts
 * whose view changed (whole), the lifts removed, and once a second the lifts that only reported again. Each
 * view is written once per tick and each batch once per company, however many browsers share it.
 */
export class LiftPush {
  private readonly byCompany = new Map<string, Set<LiftSubscriber>>();
  /** What the company's browsers hold of each lift; kept only for companies someone follows. */
  private readonly sent = new Map<string, Sent>();
  private dirty = new Set<string>();
  private lastBusy = new Set<string>();
  private lastFresh = 0;
  private readonly stopListening: () => void;

  constructor(
    private readonly feed: LiftFeed,
    private readonly onBatch: (bytes: number) => void = () => {},
  ) {
    this.stopListening = feed.onChange((id) => this.dirty.add(id));
  }

  get size(): number {
    let n = 0;
    for (const s of this.byCompany.values()) n += s.size;
    return n;
  }

  /** Follows the company's lifts; the answer is the snapshot message to send first. */
  add(s: LiftSubscriber, now = Date.now()): string {
    const lifts = this.feed.list(s.companyId);
    let subs = this.byCompany.get(s.companyId);
    if (!subs) {
      // The first browser of the company: what it is about to receive is what its company holds.
      subs = new Set();
      this.byCompany.set(s.companyId, subs);
      for (const l of lifts)
        this.sent.set(l.id, { companyId: s.companyId, json: JSON.stringify(l), reportedAt: reportedMs(l) });
    }
    subs.add(s);
    return JSON.stringify({ type: 'liftSnapshot', lifts, at: new Date(now).toISOString() });
  }

  remove(s: LiftSubscriber): void {
    const subs = this.byCompany.get(s.companyId);
    if (!subs?.delete(s) || subs.size) return;
    this.byCompany.delete(s.companyId);
    for (const [id, sent] of this.sent) if (sent.companyId === s.companyId) this.sent.delete(id);
  }

  close(): void {
    this.stopListening();
    this.byCompany.clear();
    this.sent.clear();
  }

  /** One tick: each company someone follows gets one message with what changed since the last. */
  flush(now = Date.now()): void {
    const busy = new Set(this.feed.busy());
    const candidates = new Set([...this.dirty, ...busy, ...this.lastBusy]);
    this.dirty = new Set();
    this.lastBusy = busy;
    if (this.byCompany.size === 0) return;

    const batches = new Map<string, { lifts: string[]; fresh: string[]; removed: string[] }>();
    const batchOf = (companyId: string) => {
      let b = batches.get(companyId);
      if (!b) {
        b = { lifts: [], fresh: [], removed: [] };
        batches.set(companyId, b);
      }
      return b;
    };
    const whole = new Set<string>();
    for (const id of candidates) {
      const companyId = this.feed.companyOf(id) ?? this.sent.get(id)?.companyId;
      if (!companyId || !this.byCompany.has(companyId)) continue;
      const view = this.feed.view(id);
      const before = this.sent.get(id);
      if (!view) {
        if (before) {
          this.sent.delete(id);
          batchOf(companyId).removed.push(JSON.stringify(id));
        }
        continue;
      }
      const json = JSON.stringify(view);
      if (before?.json === json) continue;
      this.sent.set(id, { companyId, json, reportedAt: reportedMs(view) });
      batchOf(companyId).lifts.push(json);
      whole.add(id);
    }
    if (now - this.lastFresh >= LIFT_FRESH_MS) {
      this.lastFresh = now;
      for (const [id, companyId, reportedAt] of this.feed.reportTimes()) {
        const before = this.sent.get(id);
        if (!before || whole.has(id) || reportedAt === null || before.reportedAt === reportedAt) continue;
        before.reportedAt = reportedAt;
        batchOf(companyId).fresh.push(`[${JSON.stringify(id)},${reportedAt}]`);
      }
    }

    const at = new Date(now).toISOString();
    for (const [companyId, b] of batches) {
      const subs = this.byCompany.get(companyId);
      if (!subs) continue;
      const message = Buffer.from(
        `{"type":"liftChanges","lifts":[${b.lifts.join(',')}],"fresh":[${b.fresh.join(',')}],` +
          `"removed":[${b.removed.join(',')}],"at":"${at}"}`,
      );
      for (const s of subs) {
        if (s.socket.readyState !== s.socket.OPEN) continue;
        s.socket.send(message, { binary: false });
        this.onBatch(message.length);
      }
    }
  }
}

const reportedMs = (l: LiftLiveView) => (l.reportedAt === null ? null : Date.parse(l.reportedAt));
