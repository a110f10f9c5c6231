import { MOTION_RECORD_BYTES, writeMotionRecord } from '@fleet/contract/live-frame';
import type { RobotFacts } from '../fleet/live-store.js';

const QUOTE = 0x22;
const COMMA = 0x2c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const NULL_SPEED = Buffer.from('null,null,null');
const NULL = Buffer.from('null');

/**
 * A frame of the live view written straight into one growing buffer: JSON text, and for the binary changes frame
 * (packages/contract/src/live/frame.ts) its header's numbers and the robots' motion records. Every tick the hub
 * writes thousands of robots' motion, and turning each number into a string, the strings into a tuple, the tuples
 * into a batch and the batch into bytes took more than the robots' messages themselves (and left all of it for
 * the collector). The bytes are handed to the sockets as they are (`take`), so each frame has a writer of its own.
 */
export class FrameBytes {
  private buf: Buffer;
  private view: DataView;
  private length = 0;

  constructor(capacity = 4096) {
    this.buf = Buffer.allocUnsafe(Math.max(64, capacity));
    this.view = viewOf(this.buf);
  }

  /** The bytes written so far (a view, not a copy). */
  take(): Buffer {
    return this.buf.subarray(0, this.length);
  }

  /** Starts again from nothing, keeping the buffer (for a writer whose bytes are copied before it is reused). */
  clear(): void {
    this.length = 0;
  }

  get size(): number {
    return this.length;
  }

  /** Text written as is (UTF-8): JSON already, or a string with nothing to escape such as a robot's id. */
  raw(s: string): void {
    this.room(s.length * 3);
    this.length += this.buf.write(s, this.length);
  }

  byte(c: number): void {
    this.room(1);
    this.buf[this.length++] = c;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** An unsigned 32-bit number, little-endian. */
  u32(v: number): void {
    this.room(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }

  /** Overwrites the 32-bit number at `at` (a length known only once what follows it is written). */
  u32At(at: number, v: number): void {
    this.view.setUint32(at, v, true);
  }

  /**
   * `v` rounded to 1/`scale` (1000: the millimetre; a power of ten), as JSON writes that rounded number. Beyond
   * ±2³¹ of those units the plain way.
   */
  fixed(v: number, scale: number): void {
    const n = Math.round(v * scale);
    const a = n < 0 ? -n : n;
    if (!(a < 2 ** 31)) {
      this.raw(String(n / scale));
      return;
    }
    this.room(24);
    const b = this.buf;
    if (n < 0) b[this.length++] = MINUS;
    const whole = (a / scale) | 0;
    this.digits(whole);
    let rest = a - whole * scale;
    if (rest === 0) return;
    b[this.length++] = DOT;
    // The fraction's digits, leading zeros kept and trailing ones left out.
    for (let unit = scale / 10; rest !== 0; unit /= 10) {
      const d = (rest / unit) | 0;
      b[this.length++] = ZERO + d;
      rest -= d * unit;
    }
  }

  /** A number as JSON writes it: integers (a time in ms) digit by digit, anything else the plain way. */
  number(v: number): void {
    if (Number.isSafeInteger(v) && v >= 0) {
      this.room(16);
      this.digits(v);
    } else this.raw(JSON.stringify(v));
  }

  /**
   * A robot's motion as the contract's `liveMotion` tuple in JSON (the text frame's `moved`): id, x, y, theta to
   * the millimetre, the speed (three nulls when none was reported), battery to a tenth, last heard from. The robot
   * must have a position and have been heard from (see `hasMotion`); its id needs no escaping (ids are UUIDs).
   */
  motionTuple(robotId: string, f: RobotFacts): void {
    const p = f.position;
    const v = f.velocity;
    this.byte(OPEN);
    this.byte(QUOTE);
    this.raw(robotId);
    this.byte(QUOTE);
    this.byte(COMMA);
    this.fixed(p?.x ?? 0, 1000);
    this.byte(COMMA);
    this.fixed(p?.y ?? 0, 1000);
    this.byte(COMMA);
    this.fixed(p?.theta ?? 0, 1000);
    this.byte(COMMA);
    if (v) {
      this.fixed(v.vx, 1000);
      this.byte(COMMA);
      this.fixed(v.vy, 1000);
      this.byte(COMMA);
      this.fixed(v.omega, 1000);
    } else this.bytes(NULL_SPEED);
    this.byte(COMMA);
    if (f.battery === null) this.bytes(NULL);
    else this.fixed(f.battery, 10);
    this.byte(COMMA);
    this.number(f.lastSeenAt ?? 0);
    this.byte(CLOSE);
  }

  /**
   * A robot's motion as one record of the binary changes frame, if it fits one (a position, heard from, every
   * value within the record's range); false when its whole record must go instead.
   */
  motionRecord(robotId: string, f: RobotFacts): boolean {
    const p = f.position;
    if (!p || f.lastSeenAt === null) return false;
    this.room(MOTION_RECORD_BYTES);
    const v = f.velocity;
    const ok = writeMotionRecord(
      this.view,
      this.buf,
      this.length,
      robotId,
      p.x,
      p.y,
      p.theta,
      v ? v.vx : null,
      v ? v.vy : 0,
      v ? v.omega : 0,
      f.battery,
      f.lastSeenAt,
    );
    if (ok) this.length += MOTION_RECORD_BYTES;
    return ok;
  }

  /** A non-negative integer below 2⁵³, digit by digit; room made by the caller. */
  private digits(n: number): void {
    let count = 1;
    for (let x = n; x >= 10; x = Math.floor(x / 10)) count++;
    const b = this.buf;
    let at = this.length + count;
    this.length = at;
    let x = n;
    do {
      const q = Math.floor(x / 10);
      b[--at] = ZERO + (x - q * 10);
      x = q;
    } while (x > 0);
  }

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
    this.view = viewOf(grown);
  }
}

const viewOf = (b: Buffer) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** Whether the robot can go as a motion tuple: it has a position and was heard from (else its whole record). */
export function hasMotion(f: RobotFacts): boolean {
  return f.position !== null && f.lastSeenAt !== null;
}
