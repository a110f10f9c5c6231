import type { WebSocket } from 'ws';

/** A thing a /live stream shows, by its id (a lift, a mini device). */
export interface View {
  id: string;
}

/** What a /live stream needs of the things it shows (modules/lifts/lift-feed.ts, modules/devices/device-feed.ts). */
export interface ViewFeed<V extends View> {
  /** The company's things as their screen shows them. */
  list(companyId: string): V[];
  view(id: string): V | undefined;
  companyOf(id: string): string | undefined;
  /** Hears of a thing whenever something shown of it changed. */
  onChange(listener: (id: string) => void): () => void;
  /** Things whose view changes without telling (a lift held: a deadline, a wait): looked at every tick. */
  busy?(): Iterable<string>;
  /**
   * Every thing with its company and when it last reported: a report that changed nothing else goes as `fresh`
   * (`[id, epoch ms]`) at most once a second, not as the whole view.
   */
  reportTimes?(): Iterable<[id: string, companyId: string, reportedAt: number | null]>;
}

/** The stream's messages: `{type: snapshot, [key]: […]}` and `{type: changes, [key]: […], removed, fresh?}`. */
export interface StreamNames {
  snapshot: string;
  changes: string;
  key: string;
}

export interface ViewSubscriber {
  socket: WebSocket;
  companyId: string;
}

/**
 * A thing that reports unchanged is said to be fresh at most this often: the console shows the age of its last
 * report in seconds, and 500 lifts reporting once a second should not each cost a whole record.
 */
export const FRESH_MS = 1000;

interface Sent {
  companyId: string;
  json: string;
  reportedAt: number | null;
}

const reportedMs = (v: View): number | null => {
  const at = (v as { reportedAt?: string | null }).reportedAt;
  return typeof at === 'string' ? Date.parse(at) : null;
};

/**
 * Pushes one kind of thing to the browsers that follow it on /live: a snapshot on subscribe, then on each tick
 * the things whose view changed (whole), the things removed, and once a second the things that only reported
 * again. Each view is written once per tick and each batch once per company, however many browsers share it.
 */
export class ViewPush<V extends View> {
  private readonly byCompany = new Map<string, Set<ViewSubscriber>>();
  /** What the company's browsers hold of each thing; kept only for companies someone follows. */
  private readonly sent = new Map<string, Sent>();
  private dirty = new Set<string>();
  private lastBusy = new Set<string>();
  private lastFresh = 0;
  private readonly stopListening: () => void;

  constructor(
    private readonly feed: ViewFeed<V>,
    private readonly names: StreamNames,
    private readonly onBatch: (bytes: number) => void = () => {},
  ) {
    this.stopListening = feed.onChange((id) => this.dirty.add(id));
  }

  get size(): number {
    let n = 0;
    for (const s of this.byCompany.values()) n += s.size;
    return n;
  }

  /** Follows the company's things; the answer is the snapshot message to send first. */
  add(s: ViewSubscriber, now = Date.now()): string {
    const views = this.feed.list(s.companyId);
    let subs = this.byCompany.get(s.companyId);
    if (!subs) {
      // The first browser of the company: what it is about to receive is what its company holds.
      subs = new Set();
      this.byCompany.set(s.companyId, subs);
      for (const v of views)
        this.sent.set(v.id, { companyId: s.companyId, json: JSON.stringify(v), reportedAt: reportedMs(v) });
    }
    subs.add(s);
    return JSON.stringify({
      type: this.names.snapshot,
      [this.names.key]: views,
      at: new Date(now).toISOString(),
    });
  }

  remove(s: ViewSubscriber): void {
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
    const busy = new Set(this.feed.busy?.() ?? []);
    const candidates = new Set([...this.dirty, ...busy, ...this.lastBusy]);
    this.dirty = new Set();
    this.lastBusy = busy;
    if (this.byCompany.size === 0) return;

    const batches = new Map<string, { views: string[]; fresh: string[]; removed: string[] }>();
    const batchOf = (companyId: string) => {
      let b = batches.get(companyId);
      if (!b) {
        b = { views: [], fresh: [], removed: [] };
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
      batchOf(companyId).views.push(json);
      whole.add(id);
    }
    if (this.feed.reportTimes && now - this.lastFresh >= FRESH_MS) {
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
      const { changes, key } = this.names;
      const fresh = this.feed.reportTimes ? `"fresh":[${b.fresh.join(',')}],` : '';
      const message = Buffer.from(
        `{"type":"${changes}","${key}":[${b.views.join(',')}],${fresh}"removed":[${b.removed.join(',')}],"at":"${at}"}`,
      );
      for (const s of subs) {
        if (s.socket.readyState !== s.socket.OPEN) continue;
        s.socket.send(message, { binary: false });
        this.onBatch(message.length);
      }
    }
  }
}
