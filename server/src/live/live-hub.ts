import { LIVE_CLOSE, LIVE_FLUSH_MS, liveClientMessage } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveStore } from '../fleet/live-store.js';

export interface LiveSession {
  companyId: string;
}

interface Subscriber {
  socket: WebSocket;
  token: string;
  companyId: string;
  filter: { buildingId?: string; floorId?: string };
  dirty: Set<string>;
}

/** A browser that does not subscribe in this time is closed. */
const SUBSCRIBE_WITHIN_MS = 10_000;
/** Sessions are checked again this often, so a logout or removal closes the live view too. */
const RECHECK_MS = 60_000;
/** Beyond this much unsent data a browser is skipped for a tick; far beyond it, disconnected. */
const SLOW_BYTES = 4 * 1024 * 1024;
const TOO_SLOW_BYTES = 32 * 1024 * 1024;

/**
 * Pushes robot changes to browsers: a snapshot on subscribe, then at most one batch per LIVE_FLUSH_MS per
 * browser, holding the robots that changed since the last one. A robot changing 30 times a second costs a
 * browser 5 updates, and its JSON is written once per batch however many browsers watch it.
 */
export class LiveHub {
  private readonly byCompany = new Map<string, Set<Subscriber>>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopListening: () => void;

  constructor(
    private readonly store: LiveStore,
    private readonly authenticate: (token: string) => Promise<LiveSession | null>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.stopListening = store.onChange((robot) => {
      const subs = this.byCompany.get(robot.companyId);
      if (subs) for (const s of subs) s.dirty.add(robot.id);
    });
    this.timers.push(
      setInterval(() => this.flush(), LIVE_FLUSH_MS),
      setInterval(() => void this.recheck(), RECHECK_MS),
    );
    for (const t of this.timers) t.unref();
  }

  get connections(): number {
    let n = 0;
    for (const subs of this.byCompany.values()) n += subs.size;
    return n;
  }

  /** Takes one browser connection through subscribe, snapshot and changes until it closes. */
  attach(socket: WebSocket): void {
    let subscriber: Subscriber | null = null;
    const deadline = setTimeout(() => {
      if (!subscriber) close(socket, LIVE_CLOSE.unauthorized, 'subscribe first');
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
          if (subscriber) this.remove(subscriber);
          const filter = {
            ...(msg.buildingId ? { buildingId: msg.buildingId } : {}),
            ...(msg.floorId ? { floorId: msg.floorId } : {}),
          };
          subscriber = { socket, token: msg.token, companyId: session.companyId, filter, dirty: new Set() };
          this.add(subscriber);
          socket.send(
            JSON.stringify({
              type: 'snapshot',
              robots: this.store.list(session.companyId, filter),
              at: new Date().toISOString(),
            }),
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
      if (subscriber) this.remove(subscriber);
    });
    socket.on('error', () => socket.terminate());
  }

  close(): void {
    for (const t of this.timers) clearInterval(t);
    this.stopListening();
    for (const subs of this.byCompany.values()) for (const s of subs) s.socket.close(1001, 'server stopping');
    this.byCompany.clear();
  }

  private add(s: Subscriber): void {
    const subs = this.byCompany.get(s.companyId) ?? new Set();
    subs.add(s);
    this.byCompany.set(s.companyId, subs);
  }

  private remove(s: Subscriber): void {
    const subs = this.byCompany.get(s.companyId);
    subs?.delete(s);
    if (subs && !subs.size) this.byCompany.delete(s.companyId);
  }

  /** One tick: every browser with changes gets one message; each robot is serialised once. */
  flush(): void {
    const at = new Date().toISOString();
    const written = new Map<string, string | null>();
    const json = (id: string) => {
      if (!written.has(id)) {
        const robot = this.store.get(id);
        written.set(id, robot ? JSON.stringify(robot) : null);
      }
      return written.get(id) ?? null;
    };
    for (const [companyId, subs] of this.byCompany) {
      for (const s of subs) {
        if (!s.dirty.size || s.socket.readyState !== s.socket.OPEN) continue;
        if (s.socket.bufferedAmount > SLOW_BYTES) {
          if (s.socket.bufferedAmount > TOO_SLOW_BYTES) close(s.socket, LIVE_CLOSE.tooSlow, 'too slow');
          continue;
        }
        const robots: string[] = [];
        const removed: string[] = [];
        for (const id of s.dirty) {
          const body = this.store.matches(id, companyId, s.filter) ? json(id) : null;
          if (body) robots.push(body);
          else removed.push(id);
        }
        s.dirty.clear();
        s.socket.send(
          `{"type":"changes","robots":[${robots.join(',')}],"removed":${JSON.stringify(removed)},"at":"${at}"}`,
        );
      }
    }
  }

  private async recheck(): Promise<void> {
    for (const subs of [...this.byCompany.values()]) {
      for (const s of [...subs]) {
        const session = await this.authenticate(s.token).catch(() => null);
        if (!session || session.companyId !== s.companyId)
          close(s.socket, LIVE_CLOSE.unauthorized, 'sign in again');
      }
    }
  }
}

function close(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
    socket.close(code, reason);
}
