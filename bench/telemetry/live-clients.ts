import { CHANGES_FRAME, FRAME_HEADER_BYTES, MOTION_RECORD_BYTES } from '@fleet/contract/live-frame';
import WebSocket from 'ws';
import type { DelayRecorder } from './delay-recorder.js';
import { PROBE_ID_PREFIX } from './fleet-db.js';

const PROBE_MARK = Buffer.from('"serialNumber":"PROBE-');
/** A probe's id but its last byte, as a motion record holds it (`ffffffff-…-00000000000NN`, see probeId). */
const PROBE_ID_BYTES = Buffer.from(PROBE_ID_PREFIX.replaceAll('-', ''), 'hex');
const POSITION_MARK = Buffer.from('"position":');
const X_MARK = Buffer.from('{"x":');

export interface ClientCounters {
  messages: number;
  bytes: number;
}

/**
 * Browsers on /live, as `ws` clients (Node 20 has no WebSocket of its own), subscribed to the whole company.
 * They do not parse the batches (JSON.parse of 20 × several MB five times a second would measure this
 * process, not the server): each batch is searched for the probe robots only, then counted.
 */
export class LiveClients {
  private readonly sockets: WebSocket[] = [];
  readonly counters: ClientCounters[] = [];
  /** Close codes of connections the server ended (4408: too slow). */
  readonly closes = new Map<number, number>();
  snapshotBytes = 0;
  private closing = false;

  constructor(
    private readonly recorder: DelayRecorder,
    private readonly count: number,
  ) {}

  /** Opens the browsers, spread in turn over `liveUrls` (one instance's, or each of several instances'). */
  async open(liveUrls: string | string[], token: string, timeoutMs = 60_000): Promise<void> {
    const urls = Array.isArray(liveUrls) ? liveUrls : [liveUrls];
    await Promise.all(
      Array.from({ length: this.count }, (_, i) =>
        this.openOne(i, urls[i % urls.length] ?? '', token, timeoutMs),
      ),
    );
  }

  private openOne(index: number, url: string, token: string, timeoutMs: number): Promise<void> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    this.sockets.push(socket);
    const counters: ClientCounters = { messages: 0, bytes: 0 };
    this.counters.push(counters);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`live client ${index}: no snapshot within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      let subscribed = false;
      socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', token, frames: 'binary' })));
      socket.on('message', (data: Buffer) => {
        const at = performance.now();
        if (!subscribed) {
          // The first message must be the snapshot; anything else means the subscription failed.
          if (!data.subarray(0, 40).toString('latin1').includes('"type":"snapshot"')) {
            clearTimeout(timer);
            return reject(
              new Error(`live client ${index}: expected a snapshot, got ${data.subarray(0, 200)}`),
            );
          }
          subscribed = true;
          this.snapshotBytes = data.length;
          clearTimeout(timer);
          return resolve();
        }
        counters.messages++;
        counters.bytes += data.length;
        this.findProbes(index, data, at);
      });
      socket.on('close', (code) => {
        if (!this.closing) this.closes.set(code, (this.closes.get(code) ?? 0) + 1);
        clearTimeout(timer);
        if (!subscribed) reject(new Error(`live client ${index}: closed (${code}) before the snapshot`));
      });
      socket.on('error', (err) => {
        clearTimeout(timer);
        if (!subscribed) reject(err);
      });
    });
  }

  /**
   * `…"serialNumber":"PROBE-07",…,"position":{"x":1234,…` (a whole record in the frame's JSON) or a motion record
   * whose id is `ffffffff-…-07` and x 1234 m → probe 6 is at sequence 1234.
   */
  private findProbes(client: number, data: Buffer, at: number): void {
    if (data[0] !== CHANGES_FRAME) return;
    const jsonEnd = FRAME_HEADER_BYTES + data.readUInt32LE(4);
    const json = data.subarray(0, jsonEnd);
    let tickAt: number | null = null;
    const seen = (probe: number, seq: number) => {
      if (seq <= 0 || probe < 0) return;
      tickAt ??= batchTick(json);
      this.recorder.seen(client, probe, seq, at, tickAt);
    };
    const count = data.readUInt32LE(jsonEnd);
    for (let i = 0, o = jsonEnd + 4; i < count; i++, o += MOTION_RECORD_BYTES) {
      if (data.compare(PROBE_ID_BYTES, 0, PROBE_ID_BYTES.length, o, o + PROBE_ID_BYTES.length) !== 0)
        continue;
      // The id's last byte holds the probe's two decimal digits as hex digits (0x07 for "07").
      const probe = Number((data[o + 15] ?? 0).toString(16)) - 1;
      seen(probe, Math.round(data.readInt32LE(o + 16) / 1000));
    }
    let from = 0;
    for (;;) {
      const i = json.indexOf(PROBE_MARK, from);
      if (i < 0) return;
      from = i + PROBE_MARK.length;
      const probe = Number(json.toString('latin1', from, from + 2)) - 1;
      const pos = json.indexOf(POSITION_MARK, from);
      // The position follows the serial number within the same robot, a few hundred bytes on.
      if (pos < 0 || pos - from > 600) continue;
      const x = pos + POSITION_MARK.length;
      if (json.compare(X_MARK, 0, X_MARK.length, x, x + X_MARK.length) !== 0) continue;
      seen(probe, readInt(json, x + X_MARK.length));
    }
  }

  totals(): ClientCounters {
    return this.counters.reduce((a, c) => ({ messages: a.messages + c.messages, bytes: a.bytes + c.bytes }), {
      messages: 0,
      bytes: 0,
    });
  }

  close(): void {
    this.closing = true;
    for (const s of this.sockets) s.terminate();
    this.sockets.length = 0;
  }
}

/** The decimal digits at `start` as a number (0 when there are none). */
function readInt(data: Buffer, start: number): number {
  let end = start;
  let n = 0;
  for (let c = data[end]; c !== undefined && c >= 48 && c <= 57; c = data[++end]) n = n * 10 + (c - 48);
  return n;
}

/** The batch's `"at":"…"` (the JSON's last field, the server's tick) on this process's performance clock. */
function batchTick(data: Buffer): number {
  const tail = data.toString('latin1', Math.max(0, data.length - 48));
  const m = tail.match(/"at":"([^"]+)"\}$/);
  return m?.[1] ? Date.parse(m[1]) - performance.timeOrigin : Number.NaN;
}
