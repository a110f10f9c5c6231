import {
  type DeviceLiveView,
  LIVE_CLOSE,
  LIVE_FLUSH_MS,
  LIVE_LIST_MOTION_MS,
  LIVE_TICK_MS,
  type LiveFrames,
  type LivePace,
  type LiveStream,
  liveClientMessage,
} from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveStore } from '../fleet/live-store.js';
import { type LiftFeed, LiftPush } from './lift-push.js';
import { backlogDue, writeBatch } from './robot-batch.js';
import {
  type Group,
  MOTION,
  mark,
  NOTHING,
  type Pace,
  type Subscriber,
  SubscriberGroups,
  WHOLE,
} from './subscriber-groups.js';
import { type View, type ViewFeed, ViewPush, type ViewSubscriber } from './view-push.js';

/** The streams of things other than robots, each pushed whole by a ViewPush and read with its own right. */
type ViewStream = Exclude<LiveStream, 'robots'>;
const VIEW_STREAMS: readonly ViewStream[] = ['lifts', 'devices'];
const RIGHT: Record<ViewStream, string> = { lifts: 'lifts.read', devices: 'devices.read' };

export interface LiveSession {
  companyId: string;
  /** Which of the other streams the session may follow (`lifts.read`, `devices.read`). */
  mayRead: Record<ViewStream, boolean>;
}

/** What the hub pushes beside the robots (absent: that stream is refused). */
export interface LiveFeeds {
  lifts?: LiftFeed;
  devices?: ViewFeed<DeviceLiveView>;
}

/** A subscribed browser, whatever it follows: what the periodic session check needs. */
interface Subscribed {
  token: string;
  companyId: string;
  robots: Subscriber | null;
  views: Map<ViewStream, ViewSubscriber>;
}

const forbidden = (stream: ViewStream) =>
  JSON.stringify({ type: 'error', code: 'FORBIDDEN', info: `following ${stream} needs ${RIGHT[stream]}` });

/** What the hub reports to /metrics: how much it sends, and which browsers could not keep up. */
export interface LiveCounters {
  batch(bytes: number): void;
  /** A browser with too much unsent data missed a tick (its changes wait for the next one). */
  skipped(): void;
  /** A browser far behind was disconnected. */
  tooSlow(): void;
}

const NO_COUNTERS: LiveCounters = { batch: () => {}, skipped: () => {}, tooSlow: () => {} };

/** A browser that does not subscribe in this time is closed. */
const SUBSCRIBE_WITHIN_MS = 10_000;
/** Sessions are checked again this often, so a logout or removal closes the live view too. */
const RECHECK_MS = 60_000;
/** Beyond this much unsent data a browser is skipped for a tick; far beyond it, disconnected. */
const SLOW_BYTES = 4 * 1024 * 1024;
const TOO_SLOW_BYTES = 32 * 1024 * 1024;
/**
 * How far ahead of its pace a robot may go. Each robot has a pace of one send per LIVE_FLUSH_MS (a "due time"
 * that moves on by LIVE_FLUSH_MS with every send, and never lags behind the clock); it may go when the tick
 * is no more than this before its due time. One interval plus half a tick: a change that came late (a busy
 * moment on the way) no longer holds the robot's next, punctual change back until a whole interval has
 * passed, yet over any second a robot still goes about 5 times (at most 6), however often it reports.
 */
const AHEAD_MS = LIVE_FLUSH_MS + LIVE_TICK_MS / 2;

/**
 * Pushes robot changes to browsers: a snapshot on subscribe, then a batch every LIVE_TICK_MS holding the
 * robots that changed and were not sent in the last LIVE_FLUSH_MS. A robot changing 30 times a second costs a
 * browser 5 updates, and a change waits at most a tick (not a whole interval) when its robot's turn has come.
 * A robot that only moved goes as a 52-byte motion record (or a short JSON tuple, for a browser that did not ask
 * for the binary frame), anything else as its whole record. Each robot's JSON is written once per tick, and each
 * batch once per company, filter, pace and frames however many browsers share it: at 10,000 robots a batch is
 * megabytes, and building it once per browser took longer than the tick itself.
 */
export class LiveHub {
  private readonly subscribers = new SubscriberGroups();
  private readonly subscribed = new Map<WebSocket, Subscribed>();
  private readonly pushes = new Map<ViewStream, ViewPush<View>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopListening: () => void;

  constructor(
    private readonly store: LiveStore,
    private readonly authenticate: (token: string) => Promise<LiveSession | null>,
    private readonly log: FastifyBaseLogger,
    private readonly counters: LiveCounters = NO_COUNTERS,
    feeds: LiveFeeds = {},
  ) {
    const stopChanges = store.onChange((robot, change, facts) =>
      this.subscribers.changed(robot, facts, change.facts),
    );
    const stopMotion = store.onMotion((robot, facts) => this.subscribers.changed(robot, facts, false));
    this.stopListening = () => {
      stopChanges();
      stopMotion();
    };
    const onBatch = (bytes: number) => this.counters.batch(bytes);
    if (feeds.lifts) this.pushes.set('lifts', new LiftPush(feeds.lifts, onBatch));
    if (feeds.devices)
      this.pushes.set(
        'devices',
        new ViewPush(
          feeds.devices,
          { snapshot: 'deviceSnapshot', changes: 'deviceChanges', key: 'devices' },
          onBatch,
        ),
      );
    this.timers.push(
      setInterval(() => this.flush(), LIVE_TICK_MS),
      setInterval(() => void this.recheck(), RECHECK_MS),
    );
    for (const t of this.timers) t.unref();
  }

  get connections(): number {
    return this.subscribed.size;
  }

  /** Takes one browser connection through subscribe, snapshot and changes until it closes. */
  attach(socket: WebSocket): void {
    const deadline = setTimeout(() => {
      if (!this.subscribed.has(socket)) close(socket, LIVE_CLOSE.unauthorized, 'subscribe first');
    }, SUBSCRIBE_WITHIN_MS);
    socket.on('message', (raw) => {
      let parsed: ReturnType<typeof liveClientMessage.safeParse>;
      try {
        parsed = liveClientMessage.safeParse(JSON.parse(String(raw)));
      } catch {
        return close(socket, LIVE_CLOSE.badMessage, 'not JSON');
      }
      if (!parsed.success) return close(socket, LIVE_CLOSE.badMessage, 'unknown message');
      const msg = parsed.data;
      if (msg.type === 'ping') return socket.send('{"type":"pong"}');
      void this.authenticate(msg.token).then(
        (session) => {
          if (!session) return close(socket, LIVE_CLOSE.unauthorized, 'sign in again');
          if (socket.readyState !== socket.OPEN) return;
          clearTimeout(deadline);
          this.unsubscribe(socket);
          this.subscribe(
            socket,
            msg.token,
            session,
            new Set(msg.streams ?? ['robots']),
            {
              ...(msg.buildingId ? { buildingId: msg.buildingId } : {}),
              ...(msg.floorId ? { floorId: msg.floorId } : {}),
            },
            msg.pace ?? 'live',
            msg.frames ?? 'json',
          );
        },
        (err: unknown) => {
          this.log.error({ err }, 'live: session check failed');
          close(socket, 1011, 'try again');
        },
      );
    });
    socket.on('close', () => {
      clearTimeout(deadline);
      this.unsubscribe(socket);
    });
    socket.on('error', () => socket.terminate());
  }

  /** A person's sessions may have ended: every connection is checked again now (a rare event; one lookup each). */
  readonly sessionsEnded = (): void => void this.recheck();

  close(): void {
    for (const t of this.timers) clearInterval(t);
    this.stopListening();
    for (const push of this.pushes.values()) push.close();
    for (const socket of this.subscribed.keys()) socket.close(1001, 'server stopping');
    this.subscribers.clear();
    this.subscribed.clear();
  }

  /** Starts what the browser asked to follow, each with its snapshot; lifts and devices only with their right. */
  private subscribe(
    socket: WebSocket,
    token: string,
    session: LiveSession,
    streams: ReadonlySet<LiveStream>,
    filter: Subscriber['filter'],
    pace: LivePace,
    frames: LiveFrames,
  ): void {
    const { companyId } = session;
    const entry: Subscribed = { token, companyId, robots: null, views: new Map() };
    this.subscribed.set(socket, entry);
    if (streams.has('robots')) {
      entry.robots = { socket, token, companyId, filter, pace, frames, backlog: null };
      this.subscribers.add(entry.robots);
      socket.send(
        JSON.stringify({
          type: 'snapshot',
          robots: this.store.list(companyId, filter),
          at: new Date().toISOString(),
        }),
      );
    }
    for (const stream of VIEW_STREAMS) {
      if (!streams.has(stream)) continue;
      const push = this.pushes.get(stream);
      if (!push || !session.mayRead[stream]) {
        socket.send(forbidden(stream));
        continue;
      }
      const sub = { socket, companyId };
      entry.views.set(stream, sub);
      socket.send(push.add(sub));
    }
  }

  private unsubscribe(socket: WebSocket): void {
    const entry = this.subscribed.get(socket);
    if (!entry) return;
    this.subscribed.delete(socket);
    if (entry.robots) this.subscribers.remove(entry.robots);
    for (const [stream, sub] of entry.views) this.pushes.get(stream)?.remove(sub);
  }

  /**
   * One tick: every browser whose robots changed gets one message; each robot and each batch is written once.
   * `now` is the tick's time (tests pass their own).
   */
  flush(now = Date.now()): void {
    const at = new Date(now).toISOString();
    // Each robot's record written once per tick whichever groups send it.
    const records = new Map<string, string | null>();
    const record = (id: string) => {
      let body = records.get(id);
      if (body === undefined) {
        const robot = this.store.get(id);
        body = robot ? JSON.stringify(robot) : null;
        records.set(id, body);
      }
      return body;
    };
    for (const g of this.subscribers.groups()) {
      const due = this.due(g, now);
      // Encoded once and handed to every socket as is: ws frames a Buffer without copying it again.
      let shared: Buffer | null = null;
      for (const s of g.subscribers) {
        if (s.socket.readyState !== s.socket.OPEN) continue;
        if (s.socket.bufferedAmount > SLOW_BYTES) {
          if (s.socket.bufferedAmount > TOO_SLOW_BYTES) {
            this.counters.tooSlow();
            close(s.socket, LIVE_CLOSE.tooSlow, 'too slow');
          } else {
            this.counters.skipped();
            s.backlog ??= new Map();
            for (const p of due) mark(s.backlog, p.robotId, p.whole);
          }
          continue;
        }
        let message: Buffer;
        if (s.backlog) {
          for (const p of due) mark(s.backlog, p.robotId, p.whole);
          message = writeBatch(this.store, g, backlogDue(this.store, g, s.backlog), record, at);
          s.backlog = null;
        } else if (due.length) {
          shared ??= writeBatch(this.store, g, due, record, at);
          message = shared;
        } else continue;
        // The binary changes frame (packages/contract/src/live/frame.ts), or JSON as a text frame: the browser
        // receives a string, not a Blob.
        s.socket.send(message, { binary: g.frames === 'binary' });
        this.counters.batch(message.length);
      }
      g.lastBatchBytes = shared?.length ?? g.lastBatchBytes;
    }
    for (const push of this.pushes.values()) push.flush(now);
  }

  /**
   * The group's waiting robots whose turn has come, in the order they changed: no longer waiting, their pace
   * moved on. The others keep waiting, in their order.
   */
  private due(g: Group, now: number): Pace[] {
    const due: Pace[] = [];
    const waiting = g.waiting;
    // A robot that only moved waits, in a `list` group, until LIVE_LIST_MOTION_MS after its last send (less half a
    // tick, so a robot reporting on time goes at the tick it is due, not one later).
    const motionAfter = g.pace === 'list' ? LIVE_LIST_MOTION_MS - LIVE_TICK_MS / 2 : 0;
    let kept = 0;
    for (let i = 0; i < waiting.length; i++) {
      const p = waiting[i] as (typeof waiting)[number];
      if (p.dueAt - now > AHEAD_MS || (p.waiting === MOTION && now - p.sentAt < motionAfter)) {
        waiting[kept++] = p;
        continue;
      }
      p.whole = p.waiting === WHOLE;
      due.push(p);
      p.waiting = NOTHING;
      p.dueAt = Math.max(p.dueAt, now) + LIVE_FLUSH_MS;
      p.sentAt = now;
    }
    waiting.length = kept;
    return due;
  }

  private async recheck(): Promise<void> {
    for (const [socket, s] of [...this.subscribed]) {
      let session: LiveSession | null;
      try {
        session = await this.authenticate(s.token);
      } catch (err) {
        // The lookup failed (database away, timeout under load): that says nothing about the session, so
        // the browser keeps its view and the next recheck decides.
        this.log.warn({ err }, 'live: session recheck failed; connection kept');
        continue;
      }
      if (!session || session.companyId !== s.companyId) {
        close(socket, LIVE_CLOSE.unauthorized, 'sign in again');
      } else {
        for (const [stream, sub] of [...s.views]) {
          if (session.mayRead[stream]) continue;
          // The right was taken away: that stream stops, the others go on.
          this.pushes.get(stream)?.remove(sub);
          s.views.delete(stream);
          if (socket.readyState === socket.OPEN) socket.send(forbidden(stream));
        }
      }
    }
  }
}

function close(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
    socket.close(code, reason);
}
