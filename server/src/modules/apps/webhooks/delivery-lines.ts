import { laneOf, SOCKETS_PER_RECEIVER } from './send-delivery.js';
import type { Subscription } from './webhook-repo.js';

/** Attempts under way at most, over every receiver. */
const IN_FLIGHT_MAX = 2000;
/**
 * Attempts under way to one receiver at most: its connections busy and the next request ready for each. A slow or
 * dead receiver holds up only its own line.
 */
const LANE_IN_FLIGHT_MAX = SOCKETS_PER_RECEIVER * 2;
/**
 * Deliveries waiting in line here at most, over every receiver and for one. Past either, new ones stay in the
 * database (written and leased) for the retry loop: memory stays bounded.
 */
export const WAITING_MAX = 100_000;
const WAITING_PER_LANE_MAX = 20_000;
/** Attempts started in one go before other work (the live view, requests) gets its turn. */
const LAUNCH_SLICE = 200;

/** A written, leased delivery on its way to an attempt. */
export interface Ready {
  sub: Subscription;
  id: string;
  eventId: string;
  body: string;
  createdAt: number;
  /** Earlier attempts. */
  attempts: number;
  /** When it was leased. */
  since: number;
}

/** One receiver's line: its attempts under way, and the deliveries waiting in order. */
interface Lane {
  active: number;
  waiting: Ready[];
  head: number;
}

interface LinesOptions {
  allowPrivate: boolean;
  now: () => number;
  /** A delivery waiting longer than this is dropped here (its lease may have ended: the retry loop takes it). */
  maxWaitMs: number;
  /** Makes one attempt; calls `done` once it is over. */
  start: (r: Ready, done: () => void) => void;
}

/**
 * The webhook deliveries waiting for an attempt, one line per receiver (its origin, as its connections are pooled),
 * started oldest first within the caps, LAUNCH_SLICE at a time so the event loop serves the live view between.
 */
export class DeliveryLines {
  private readonly lanes = new Map<string, Lane>();
  /** Lanes with deliveries waiting. */
  private readonly busy = new Set<Lane>();
  private pumping: NodeJS.Immediate | null = null;
  private closed = false;
  waiting = 0;
  inFlight = 0;

  constructor(private readonly opts: LinesOptions) {}

  /** In line for its receiver; false with the line full (it stays written and leased for the retry loop). */
  add(r: Ready): boolean {
    const key = laneOf(r.sub.url, this.opts.allowPrivate);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { active: 0, waiting: [], head: 0 };
      this.lanes.set(key, lane);
    }
    if (this.waiting >= WAITING_MAX || lane.waiting.length - lane.head >= WAITING_PER_LANE_MAX) return false;
    lane.waiting.push(r);
    this.waiting++;
    this.busy.add(lane);
    this.pumpSoon();
    return true;
  }

  /** Starts nothing more; what waits stays leased in the database for the next instance to start. */
  close(): void {
    this.closed = true;
    if (this.pumping) clearImmediate(this.pumping);
    this.pumping = null;
  }

  private pumpSoon(): void {
    if (!this.pumping && !this.closed) this.pumping = setImmediate(() => this.pump());
  }

  private pump(): void {
    this.pumping = null;
    const now = this.opts.now();
    let started = 0;
    for (const lane of this.busy) {
      while (lane.head < lane.waiting.length && lane.active < LANE_IN_FLIGHT_MAX) {
        if (this.inFlight >= IN_FLIGHT_MAX) return;
        if (started >= LAUNCH_SLICE) {
          this.pumpSoon();
          return;
        }
        const r = lane.waiting[lane.head++] as Ready;
        this.waiting--;
        if (now - r.since > this.opts.maxWaitMs) continue;
        started++;
        this.launch(lane, r);
      }
      if (lane.head >= lane.waiting.length) {
        lane.waiting = [];
        lane.head = 0;
        this.busy.delete(lane);
      } else if (lane.head > 1024 && lane.head * 2 > lane.waiting.length) {
        // A line that never empties (a receiver busy for hours) lets go of what it sent.
        lane.waiting = lane.waiting.slice(lane.head);
        lane.head = 0;
      }
    }
  }

  private launch(lane: Lane, r: Ready): void {
    this.inFlight++;
    lane.active++;
    this.opts.start(r, () => {
      this.inFlight--;
      lane.active--;
      if (this.busy.size) this.pumpSoon();
    });
  }
}
