import { decodeLiveFrame } from '@fleet/contract/live-frame';
import WebSocket from 'ws';
import { percentile } from '../support/stats.js';

export interface LiftDelayResult {
  /** Changes received by all the lift browsers inside the window. */
  samples: number;
  /** Publications inside the window × browsers, less what arrived. */
  missed: number;
  p50: number;
  p99: number;
  max: number;
}

/**
 * Operators on /elevator: `ws` clients following only the company's lifts. Their messages are small (hundreds
 * of lifts), so each is parsed, and every lift in it is matched to the publication that put the car on that
 * floor: publish → browser, in this process's clock.
 */
export class LiftClients {
  private readonly sockets: WebSocket[] = [];
  private readonly delays: number[] = [];
  private windowStart = Number.POSITIVE_INFINITY;
  private windowEnd = Number.NEGATIVE_INFINITY;
  private inWindow = 0;

  constructor(
    private readonly publishedAt: Map<string, number>,
    private readonly count: number,
  ) {}

  async open(liveUrl: string, token: string, timeoutMs = 60_000): Promise<void> {
    await Promise.all(
      Array.from({ length: this.count }, (_, i) => this.openOne(i, liveUrl, token, timeoutMs)),
    );
  }

  /** Delays count for publications from `from` to `to` (performance.now()). */
  window(from: number, to: number): void {
    this.windowStart = from;
    this.windowEnd = to;
  }

  result(publishedInWindow: number): LiftDelayResult {
    return {
      samples: this.inWindow,
      missed: Math.max(0, publishedInWindow * this.count - this.inWindow),
      p50: percentile(this.delays, 50),
      p99: percentile(this.delays, 99),
      max: this.delays.reduce((a, b) => Math.max(a, b), 0),
    };
  }

  close(): void {
    for (const s of this.sockets) s.terminate();
  }

  private openOne(index: number, url: string, token: string, timeoutMs: number): Promise<void> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    this.sockets.push(socket);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`lift client ${index}: no lift snapshot within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', token, streams: ['lifts'] })));
      socket.on('message', (data: Buffer) => {
        const at = performance.now();
        const message = decodeLiveFrame(data);
        if (!message) return;
        if (message.type === 'liftSnapshot') {
          clearTimeout(timer);
          resolve();
          return;
        }
        if (message.type === 'error') {
          clearTimeout(timer);
          reject(new Error(`lift client ${index}: ${message.code} ${message.info}`));
          return;
        }
        if (message.type !== 'liftChanges') return;
        for (const lift of message.lifts) {
          const sent = this.publishedAt.get(`${lift.id}:${lift.report?.currentFloor}`);
          if (sent === undefined || sent < this.windowStart || sent > this.windowEnd) continue;
          this.inWindow++;
          this.delays.push(at - sent);
        }
      });
      socket.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }
}
