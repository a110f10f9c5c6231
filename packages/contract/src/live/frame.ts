import type { LiveMotion, LiveServerMessage } from './index.js';

/*
 * The binary frame of /live's robot changes. A moving fleet's batches are mostly robots that only moved, and
 * as JSON each was ~95 bytes of text the server wrote digit by digit and every browser parsed back: at 10,000
 * robots that was most of what the server sent (and wrote to each socket) and most of what a browser decoded.
 * In this frame the batch's few whole records stay JSON, and the motion goes as fixed records of 52 bytes:
 *
 *   0  u8   CHANGES_FRAME (1); bytes 1–3 are 0
 *   4  u32  length of the JSON part (little-endian, as every number below)
 *   8  JSON {"type":"changes","robots":[…],"removed":[…],"at":"…"} (UTF-8; no `moved`)
 *   …  u32  count of motion records, then that many records:
 *        0  16 bytes  the robot's id (a UUID's 16 bytes)
 *       16  i32 ×3    x, y in millimetres, theta in milliradians
 *       28  i32 ×3    vx, vy in mm/s, omega in mrad/s; all three NULL_I32 when the robot reports no speed
 *       40  i32       battery in tenths of a percent, NULL_I32 when unknown
 *       44  f64       last heard from, epoch ms
 *
 * Read back, a record is exactly the `liveMotion` tuple the JSON form carried (x is 12345 / 1000, as "12.345"
 * parses). A robot whose motion does not fit (an id that is not a lowercase UUID, a value beyond ±2³¹ of its
 * unit) goes as its whole record instead. Snapshots and the lift and device streams stay JSON text frames.
 */

export const CHANGES_FRAME = 1;
export const FRAME_HEADER_BYTES = 8;
export const MOTION_RECORD_BYTES = 52;
const NULL_I32 = -0x80000000;
const OPEN_BRACE = 0x7b;

/** The motion of one robot, rounded to its units (mm, mrad, tenths of a percent) and checked to fit, or null. */
function scaled(v: number, scale: number): number | null {
  const n = Math.round(v * scale);
  return n > NULL_I32 && n <= 0x7fffffff ? n : null;
}

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX[0x30 + i] = i;
for (let i = 0; i < 6; i++) HEX[0x61 + i] = 10 + i;
/** Where each byte's two hex digits are in a UUID's text. */
const DIGITS_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const DASHES_AT = [8, 13, 18, 23];

/** Writes a lowercase UUID's 16 bytes at `o`; false when `id` is not one (the bytes at `o` are then not to be kept). */
function writeUuid(bytes: Uint8Array, o: number, id: string): boolean {
  if (id.length !== 36) return false;
  for (const d of DASHES_AT) if (id.charCodeAt(d) !== 0x2d) return false;
  for (let i = 0; i < 16; i++) {
    const at = DIGITS_AT[i] as number;
    const hi = HEX[id.charCodeAt(at)] ?? -1;
    const lo = HEX[id.charCodeAt(at + 1)] ?? -1;
    if (hi < 0 || lo < 0) return false;
    bytes[o + i] = (hi << 4) | lo;
  }
  return true;
}

const HEX_PAIRS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function readUuid(bytes: Uint8Array, o: number): string {
  const h = (i: number) => HEX_PAIRS[bytes[o + i] ?? 0] as string;
  return (
    `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-` +
    `${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`
  );
}

/**
 * Writes one motion record at `o` (MOTION_RECORD_BYTES of room) and says whether it did: false when the motion
 * does not fit the record (the robot then goes as its whole record, and whatever was written at `o` is not kept).
 * The three speeds are null together (`vx === null`).
 */
export function writeMotionRecord(
  view: DataView,
  bytes: Uint8Array,
  o: number,
  id: string,
  x: number,
  y: number,
  theta: number,
  vx: number | null,
  vy: number,
  omega: number,
  battery: number | null,
  lastSeenAt: number,
): boolean {
  const mx = scaled(x, 1000);
  const my = scaled(y, 1000);
  const mt = scaled(theta, 1000);
  const svx = vx === null ? NULL_I32 : scaled(vx, 1000);
  const svy = vx === null ? NULL_I32 : scaled(vy, 1000);
  const som = vx === null ? NULL_I32 : scaled(omega, 1000);
  const b = battery === null ? NULL_I32 : scaled(battery, 10);
  if (mx === null || my === null || mt === null || svx === null || svy === null || som === null || b === null)
    return false;
  if (!Number.isFinite(lastSeenAt) || !writeUuid(bytes, o, id)) return false;
  view.setInt32(o + 16, mx, true);
  view.setInt32(o + 20, my, true);
  view.setInt32(o + 24, mt, true);
  view.setInt32(o + 28, svx, true);
  view.setInt32(o + 32, svy, true);
  view.setInt32(o + 36, som, true);
  view.setInt32(o + 40, b, true);
  view.setFloat64(o + 44, lastSeenAt, true);
  return true;
}

/** The record at `o` as the contract's motion tuple. */
export function readMotionRecord(view: DataView, bytes: Uint8Array, o: number): LiveMotion {
  const vx = view.getInt32(o + 28, true);
  const battery = view.getInt32(o + 40, true);
  const speed = vx !== NULL_I32;
  return [
    readUuid(bytes, o),
    view.getInt32(o + 16, true) / 1000,
    view.getInt32(o + 20, true) / 1000,
    view.getInt32(o + 24, true) / 1000,
    speed ? vx / 1000 : null,
    speed ? view.getInt32(o + 32, true) / 1000 : null,
    speed ? view.getInt32(o + 36, true) / 1000 : null,
    battery === NULL_I32 ? null : battery / 10,
    view.getFloat64(o + 44, true),
  ];
}

/**
 * A changes message as the binary frame: the reference encoder, for tests and tools (the server writes the same
 * frame as it goes through a tick, server/src/live/robot-batch.ts). Throws for a motion a record cannot carry.
 */
export function encodeChangesFrame(message: Extract<LiveServerMessage, { type: 'changes' }>): Uint8Array {
  const { moved, ...head } = message;
  const json = new TextEncoder().encode(JSON.stringify(head));
  const first = FRAME_HEADER_BYTES + json.length + 4;
  const bytes = new Uint8Array(first + moved.length * MOTION_RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  bytes[0] = CHANGES_FRAME;
  view.setUint32(4, json.length, true);
  bytes.set(json, FRAME_HEADER_BYTES);
  view.setUint32(first - 4, moved.length, true);
  moved.forEach(([id, x, y, theta, vx, vy, omega, battery, seen], i) => {
    if (
      !writeMotionRecord(
        view,
        bytes,
        first + i * MOTION_RECORD_BYTES,
        id,
        x,
        y,
        theta,
        vx,
        vy ?? 0,
        omega ?? 0,
        battery,
        seen,
      )
    )
      throw new Error(`robot ${id}: its motion does not fit a record`);
  });
  return bytes;
}

const utf8 = new TextDecoder();

function parseJson(text: string): LiveServerMessage | null {
  try {
    return JSON.parse(text) as LiveServerMessage;
  } catch {
    return null;
  }
}

/**
 * A /live message from the server, whichever frame it came in: a text frame (JSON) or the binary changes
 * frame. Bytes starting with `{` are JSON too (Node's `ws` hands text frames over as bytes). Null for anything
 * else: a frame cut short, an unknown kind, JSON that does not parse. Only the type is relied on, as before:
 * the server speaks this same contract.
 */
export function decodeLiveFrame(data: string | ArrayBuffer | ArrayBufferView): LiveServerMessage | null {
  if (typeof data === 'string') return parseJson(data);
  const bytes =
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (bytes[0] === OPEN_BRACE) return parseJson(utf8.decode(bytes));
  if (bytes[0] !== CHANGES_FRAME || bytes.length < FRAME_HEADER_BYTES + 4) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonEnd = FRAME_HEADER_BYTES + view.getUint32(4, true);
  if (jsonEnd + 4 > bytes.length) return null;
  const head = parseJson(utf8.decode(bytes.subarray(FRAME_HEADER_BYTES, jsonEnd)));
  if (head?.type !== 'changes') return null;
  const count = view.getUint32(jsonEnd, true);
  const first = jsonEnd + 4;
  if (first + count * MOTION_RECORD_BYTES !== bytes.length) return null;
  const moved: LiveMotion[] = new Array(count);
  for (let i = 0; i < count; i++) moved[i] = readMotionRecord(view, bytes, first + i * MOTION_RECORD_BYTES);
  return { ...head, moved };
}
