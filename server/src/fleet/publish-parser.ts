/// <reference path="./mqtt-packet-packet.d.ts" />
import type { Client } from 'aedes';
import type { Parser } from 'mqtt-packet';
import Packet from 'mqtt-packet/packet.js';

/*
 * The short way through the broker's packet parser for what robots send most: whole PUBLISH packets of QoS 0 or 1.
 * aedes reads each connection with mqtt-packet's parser, a general state machine over a list of buffers: for every
 * packet it cuts three new Buffer objects off the front of its list, steps through four states and calls `debug`
 * fifteen times (a no-op, still a call and a getter each). At 30,000 robot messages a second that was about a fifth
 * of the telemetry thread. Here a read's complete QoS 0/1 publications are taken straight from the bytes read,
 * as the same packet objects mqtt-packet makes (its Packet class, the same fields in the same order, the payload a
 * view of the read's bytes as mqtt-packet's is when a packet lies in one read); the first byte that is anything
 * else — another kind of packet, QoS 2, a packet cut off at the read's end, bytes mqtt-packet would refuse — and
 * everything after it go to mqtt-packet, which keeps them until it is idle again. Its verdicts (errors included)
 * are therefore its own.
 */

/** What of mqtt-packet's parser this relies on: whether it holds nothing (between packets, no bytes kept). */
interface ParserState {
  error: Error | null;
  packet: { length: number };
  settings: { protocolVersion?: number };
  _list: { length: number };
  _stateCounter: number;
}

const PUBLISH = 3;

/** Whether mqtt-packet has no packet begun and no bytes kept: the next byte starts a packet. */
function idle(p: ParserState): boolean {
  return p.error === null && p._list.length === 0 && p._stateCounter === 0 && p.packet.length === -1;
}

/**
 * Reads the complete QoS 0/1 publications at the start of `buf` and emits each as `packet`; answers the offset of
 * the first byte it left (buf.length when it took them all).
 */
export function takePublishes(buf: Buffer, emit: (packet: Packet) => void): number {
  const n = buf.length;
  let o = 0;
  while (o < n) {
    const first = buf[o] as number;
    if (first >> 4 !== PUBLISH) break;
    const qos = (first >> 1) & 3;
    if (qos > 1) break;
    // The remaining length: at most four bytes, seven bits each, the last without its high bit.
    let p = o + 1;
    let length = 0;
    let shift = 1;
    let done = false;
    for (let i = 0; i < 4 && p < n; i++) {
      const b = buf[p++] as number;
      length += (b & 0x7f) * shift;
      shift *= 128;
      if ((b & 0x80) === 0) {
        done = true;
        break;
      }
    }
    if (!done) break;
    const end = p + length;
    if (end > n || length < 2) break;
    const topicEnd = p + 2 + ((buf[p] as number) << 8) + (buf[p + 1] as number);
    const idEnd = qos === 1 ? topicEnd + 2 : topicEnd;
    if (idEnd > end) break;
    const packet = new Packet();
    packet.cmd = 'publish';
    packet.retain = (first & 1) !== 0;
    packet.qos = qos;
    packet.dup = (first & 8) !== 0;
    packet.length = length;
    packet.topic = buf.toString('utf8', p + 2, topicEnd);
    if (qos === 1) (packet as Packet & { messageId: number }).messageId = buf.readUInt16BE(topicEnd);
    packet.payload = buf.subarray(idEnd, end);
    o = end;
    emit(packet);
  }
  return o;
}

/**
 * Gives one connection's parser the short way (MQTT 3.1 and 3.1.1: aedes speaks no other), and says whether it
 * did: a parser without the state this relies on (another version of mqtt-packet) is left as it is.
 */
export function parsePublishesDirectly(parser: Parser | undefined): boolean {
  const state = parser as unknown as Partial<ParserState> | undefined;
  if (
    !parser ||
    typeof parser.parse !== 'function' ||
    typeof state?._list?.length !== 'number' ||
    typeof state._stateCounter !== 'number' ||
    typeof state.packet?.length !== 'number' ||
    typeof state.settings !== 'object'
  )
    return false;
  const known = state as ParserState;
  const general = parser.parse.bind(parser);
  const emit = (packet: Packet) => parser.emit('packet', packet);
  parser.parse = (buf: Buffer) => {
    if (known.settings.protocolVersion === 5 || !idle(known)) return general(buf);
    const taken = takePublishes(buf, emit);
    if (taken === buf.length) return 0;
    return general(taken === 0 ? buf : buf.subarray(taken));
  };
  return true;
}

/** The parser of an aedes client: a field of its own, not part of its API (checked by parsePublishesDirectly). */
export function parserOf(client: Client): Parser | undefined {
  return (client as unknown as { _parser?: Parser })._parser;
}
