/**
 * MQTT PUBLISH packets (QoS 0) framed by hand and gathered into one buffer per flush. In load mode mqtt.js's
 * per-message path (a packet object, a Buffer per field, several socket writes) cost more CPU than the
 * simulation itself; one buffer per connection and tick does the same job for a fraction of it.
 */
export class PublishBatch {
  private topics: string[] = [];
  private payloads: string[] = [];
  private retains: boolean[] = [];

  /** @param protocolVersion 5 adds the (empty) properties field MQTT 5 requires in every PUBLISH. */
  constructor(private readonly protocolVersion: 4 | 5 = 4) {}

  get size(): number {
    return this.topics.length;
  }

  add(topic: string, payload: string, retain = false): void {
    this.topics.push(topic);
    this.payloads.push(payload);
    this.retains.push(retain);
  }

  /** Returns the framed packets and empties the batch. */
  take(): Buffer {
    const extra = this.protocolVersion === 5 ? 1 : 0;
    // Sizes first, so the whole batch is written into a single allocation.
    const n = this.topics.length;
    const topicLens = new Array<number>(n);
    const payloadLens = new Array<number>(n);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const t = Buffer.byteLength(this.topics[i] ?? '');
      const p = Buffer.byteLength(this.payloads[i] ?? '');
      topicLens[i] = t;
      payloadLens[i] = p;
      const remaining = 2 + t + extra + p;
      total += 1 + varintSize(remaining) + remaining;
    }
    const buf = Buffer.allocUnsafe(total);
    let o = 0;
    for (let i = 0; i < n; i++) {
      const t = topicLens[i] ?? 0;
      const p = payloadLens[i] ?? 0;
      buf[o++] = this.retains[i] ? 0x31 : 0x30;
      o = writeVarint(buf, o, 2 + t + extra + p);
      buf.writeUInt16BE(t, o);
      o += 2;
      o += buf.write(this.topics[i] ?? '', o, 'utf8');
      if (extra) buf[o++] = 0;
      o += buf.write(this.payloads[i] ?? '', o, 'utf8');
    }
    this.topics = [];
    this.payloads = [];
    this.retains = [];
    return buf;
  }
}

/** MQTT "remaining length": 7 bits per byte, high bit set while more bytes follow; at most 4 bytes. */
export function varintSize(n: number): number {
  if (n < 128) return 1;
  if (n < 16_384) return 2;
  if (n < 2_097_152) return 3;
  if (n < 268_435_456) return 4;
  throw new RangeError(`MQTT packet too large: ${n} bytes`);
}

export function writeVarint(buf: Buffer, offset: number, n: number): number {
  let o = offset;
  let v = n;
  do {
    let byte = v % 128;
    v = Math.floor(v / 128);
    if (v > 0) byte |= 0x80;
    buf[o++] = byte;
  } while (v > 0);
  return o;
}
