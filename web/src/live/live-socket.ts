import type { LiveClientMessage, LiveServerMessage } from '@fleet/contract';
import { decodeLiveFrame } from '@fleet/contract/live-frame';
import { LIVE_CLOSE } from '../contract-values';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'unauthorized';

/**
 * What a subscription follows: the company's robots (the whole company, one building or one floor), its
 * lifts, its mini devices' live state, or several (`streams`, robots when absent); and how often a robot that
 * only moved is sent (`pace`: `list` for screens that show no position, LIVE_PACES).
 */
export type LiveFilter = Pick<
  Extract<LiveClientMessage, { type: 'subscribe' }>,
  'buildingId' | 'floorId' | 'streams' | 'pace'
>;

/** The part of the browser's WebSocket this module uses (tests pass a fake). */
export interface SocketLike {
  readyState: number;
  /** Binary frames (the robots' changes) as ArrayBuffers, not Blobs, so they are decoded at once. */
  binaryType?: string;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface LiveSocketDeps {
  /** The /live address, worked out when connecting (the region may change while the page is open). */
  url: () => Promise<string>;
  token: () => string | null;
  onMessage: (message: LiveServerMessage) => void;
  onStatus: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
  /** Extra wait before reconnecting, 0–1 of the delay; random by default so browsers do not return in step. */
  jitter?: () => number;
}

const OPEN = 1;
/** Waits before the 1st, 2nd… reconnection attempt; the last one repeats. */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 5000, 10_000];
/** Keeps proxies from closing an idle connection; the server answers with a pong. */
const PING_INTERVAL_MS = 20_000;

/**
 * One WebSocket to /live: subscribes with the session's token (and an optional building/floor), hands every
 * message on, and reconnects and resubscribes by itself until stopped. A refused token (4401) ends it: the
 * session is over and the API client's 401 handling takes the browser to the login page.
 */
export class LiveSocket {
  private socket: SocketLike | null = null;
  private filter: LiveFilter = {};
  private attempt = 0;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: LiveSocketDeps) {}

  start(filter: LiveFilter = {}): void {
    this.filter = filter;
    if (!this.stopped) return;
    this.stopped = false;
    this.deps.onStatus('connecting');
    void this.connect();
  }

  /** Changes what is followed without a new connection: the server answers with a new snapshot. */
  setFilter(filter: LiveFilter): void {
    this.filter = filter;
    if (this.socket?.readyState === OPEN) this.subscribe(this.socket);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'done');
    }
  }

  private async connect(): Promise<void> {
    let url: string;
    try {
      url = await this.deps.url();
    } catch {
      this.retry();
      return;
    }
    if (this.stopped) return;
    const create = this.deps.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
    const socket = create(url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    socket.onopen = () => {
      this.subscribe(socket);
      this.pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send('{"type":"ping"}');
      }, PING_INTERVAL_MS);
    };
    socket.onmessage = (ev) => this.handle(ev.data);
    socket.onerror = () => {
      // a close event always follows and decides what happens next
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (this.stopped) return;
      if (ev.code === LIVE_CLOSE.unauthorized) {
        this.stopped = true;
        this.deps.onStatus('unauthorized');
        return;
      }
      this.retry();
    };
  }

  private subscribe(socket: SocketLike): void {
    const token = this.deps.token();
    if (!token) {
      this.stopped = true;
      socket.close(1000, 'signed out');
      this.deps.onStatus('unauthorized');
      return;
    }
    // Robots' changes as the binary frame: a fraction of the bytes of JSON, and no text to parse.
    const message: LiveClientMessage = { type: 'subscribe', token, frames: 'binary', ...this.filter };
    socket.send(JSON.stringify(message));
  }

  private handle(data: unknown): void {
    if (typeof data !== 'string' && !(data instanceof ArrayBuffer)) return;
    // The server speaks the same contract; at thousands of robots a schema check per message would cost more
    // than the drawing, so only the type is relied on. Robots' changes come as the binary frame (contract live/frame.ts).
    const message = decodeLiveFrame(data);
    if (!message) return;
    if (message.type === 'snapshot' || message.type === 'liftSnapshot' || message.type === 'deviceSnapshot') {
      this.attempt = 0;
      this.deps.onStatus('live');
    }
    this.deps.onMessage(message);
  }

  private retry(): void {
    if (this.stopped) return;
    this.deps.onStatus('reconnecting');
    const base = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    this.attempt += 1;
    const delay = base * (1 + 0.5 * (this.deps.jitter ?? Math.random)());
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private clearTimers(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.retryTimer = null;
    this.pingTimer = null;
  }
}
