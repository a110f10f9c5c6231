import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import mqtt from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { parsePublishesDirectly, takePublishes } from './publish-parser.js';

/** Everything a parser said, in order: each packet (its class and fields, the payload as bytes) and each error. */
function heard(parser: mqtt.Parser): unknown[] {
  const out: unknown[] = [];
  parser.on('packet', (packet: mqtt.Packet) => {
    const { payload, ...rest } = packet as mqtt.Packet & { payload?: Buffer | string | null };
    out.push({
      class: packet.constructor.name,
      keys: Object.keys(packet),
      ...rest,
      payload: Buffer.isBuffer(payload) ? [...payload] : payload,
    });
  });
  parser.on('error', (err: Error) => out.push({ error: err.message }));
  return out;
}

/** The same bytes, cut into the same reads, through mqtt-packet alone and through the short way. */
function bothWays(reads: Buffer[]) {
  const plain = mqtt.parser();
  const direct = mqtt.parser();
  parsePublishesDirectly(direct);
  const expected = heard(plain);
  const actual = heard(direct);
  for (const read of reads) {
    plain.parse(Buffer.from(read));
    direct.parse(Buffer.from(read));
  }
  return { expected, actual };
}

const publish = fc.record({
  cmd: fc.constant('publish' as const),
  qos: fc.constantFrom(0, 1, 2) as fc.Arbitrary<0 | 1 | 2>,
  retain: fc.boolean(),
  dup: fc.boolean(),
  // Robots' topics, and any text: several bytes a character, characters UTF-8 cannot hold alone (lone surrogates).
  topic: fc.oneof(
    fc.constantFrom('uagv/v2/acme/R-1/state', 'uagv/v2/acme/R-1/visualization', ''),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ),
  messageId: fc.integer({ min: 1, max: 65535 }),
  payload: fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
});
const other = fc.constantFrom<mqtt.Packet>(
  { cmd: 'pingreq' },
  { cmd: 'puback', messageId: 7 },
  { cmd: 'subscribe', messageId: 3, subscriptions: [{ topic: 'uagv/v2/acme/R-1/order', qos: 0 }] },
);
/** Bytes mqtt-packet refuses or keeps waiting on: QoS 3, a length that never ends, a topic longer than its packet. */
const broken = fc.constantFrom(
  Buffer.from([0x36, 0x02, 0x00, 0x00]),
  Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]),
  Buffer.from([0x30, 0x03, 0x00, 0x09, 0x61]),
  Buffer.from([0x32, 0x04, 0x00, 0x02, 0x61, 0x62]),
  Buffer.from([0x30, 0x00]),
);

const stream = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: publish },
      { weight: 2, arbitrary: other },
      { weight: 1, arbitrary: broken },
    ),
    {
      maxLength: 12,
    },
  )
  .map((items) => Buffer.concat(items.map((i) => (Buffer.isBuffer(i) ? i : mqtt.generate(i)))));

/** The bytes cut into reads at the given places. */
function cut(bytes: Buffer, at: number[]): Buffer[] {
  const places = [...new Set(at.map((a) => a % (bytes.length + 1)))].sort((a, b) => a - b);
  const reads: Buffer[] = [];
  let from = 0;
  for (const p of [...places, bytes.length]) {
    if (p > from) reads.push(bytes.subarray(from, p));
    from = Math.max(from, p);
  }
  return reads;
}

describe('the short way for publications', () => {
  it('hears exactly what mqtt-packet hears, packets and errors, however the bytes are cut into reads', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.nat(), { maxLength: 8 }), (bytes, at) => {
        const { expected, actual } = bothWays(cut(bytes, at));
        expect(actual).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes a read of whole QoS 0 and 1 publications itself, with payloads that are views of the read', () => {
    const read = Buffer.concat([
      mqtt.generate({
        cmd: 'publish',
        topic: 'a/ü',
        payload: Buffer.from('{"x":1}'),
        qos: 0,
        retain: false,
        dup: false,
      }),
      mqtt.generate({
        cmd: 'publish',
        topic: 'b',
        payload: Buffer.from('[]'),
        qos: 1,
        messageId: 9,
        retain: true,
        dup: false,
      }),
    ]);
    const taken: mqtt.IPublishPacket[] = [];
    expect(takePublishes(read, (p) => taken.push(p as unknown as mqtt.IPublishPacket))).toBe(read.length);
    expect(taken.map((p) => [p.topic, String(p.payload), p.qos, p.retain, p.messageId])).toEqual([
      ['a/ü', '{"x":1}', 0, false, undefined],
      ['b', '[]', 1, true, 9],
    ]);
    expect(Buffer.isBuffer(taken[0]?.payload) && (taken[0].payload as Buffer).buffer).toBe(read.buffer);
  });

  it('leaves a parser alone that is not the mqtt-packet it knows', () => {
    const other = Object.assign(new EventEmitter(), { parse: () => 0 }) as unknown as mqtt.Parser;
    const parse = other.parse;
    expect(parsePublishesDirectly(other)).toBe(false);
    expect(other.parse).toBe(parse);
    expect(parsePublishesDirectly(undefined)).toBe(false);
    expect(parsePublishesDirectly(mqtt.parser())).toBe(true);
  });

  it('stops at the first byte that is not a whole QoS 0 or 1 publication', () => {
    const whole = mqtt.generate({
      cmd: 'publish',
      topic: 't',
      payload: Buffer.from('1'),
      qos: 0,
      retain: false,
      dup: false,
    });
    const ping = mqtt.generate({ cmd: 'pingreq' });
    const qos2 = mqtt.generate({
      cmd: 'publish',
      topic: 't',
      payload: Buffer.alloc(0),
      qos: 2,
      messageId: 1,
      retain: false,
      dup: false,
    });
    const none = () => {};
    expect(takePublishes(Buffer.concat([whole, ping, whole]), none)).toBe(whole.length);
    expect(takePublishes(Buffer.concat([whole, qos2]), none)).toBe(whole.length);
    expect(takePublishes(Buffer.concat([whole, whole.subarray(0, whole.length - 1)]), none)).toBe(
      whole.length,
    );
    expect(takePublishes(Buffer.concat([whole, whole.subarray(0, 1)]), none)).toBe(whole.length);
  });
});
