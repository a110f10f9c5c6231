import { MOTION_RECORD_BYTES, readMotionRecord } from '@fleet/contract/live-frame';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RobotFacts } from '../fleet/live-store.js';
import { FrameBytes, hasMotion } from './frame-bytes.js';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** What the motion tuple wrote before the bytes: the number rounded to the unit, written by JSON. */
const plain = (v: number, scale = 1000) => JSON.stringify(Math.round(v * scale) / scale);
const written = (write: (out: FrameBytes) => void, capacity?: number) => {
  const out = new FrameBytes(capacity);
  write(out);
  return out.take().toString('utf8');
};

const facts = (over: Partial<RobotFacts> = {}): RobotFacts => ({
  index: 0,
  status: 'idle',
  connection: 'ONLINE',
  position: { x: 1.5, y: -2.25, theta: 0.785398, mapId: 'floor-1' },
  velocity: { vx: 0.5, vy: 0, omega: -0.1 },
  lastSeenAt: 1_764_331_200_123,
  battery: 87.25,
  charging: false,
  driving: true,
  orderId: null,
  openNodes: 0,
  travelledM: 0,
  errors: [],
  actionStates: [],
  ...over,
});

/** The motion records written, read back. */
const motions = (b: Buffer) =>
  Array.from({ length: b.length / MOTION_RECORD_BYTES }, (_, i) =>
    readMotionRecord(new DataView(b.buffer, b.byteOffset, b.byteLength), b, i * MOTION_RECORD_BYTES),
  );

describe('FrameBytes.fixed', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [-0.0004, '0'],
    [1, '1'],
    [12.3, '12.3'],
    [12.34, '12.34'],
    [12.345, '12.345'],
    [0.05, '0.05'],
    [0.005, '0.005'],
    [-3.21, '-3.21'],
    [-0.007, '-0.007'],
    [1.0004, '1'],
    [1.0996, '1.1'],
    [Math.PI, '3.142'],
    [-2.5e6, '-2500000'],
    [123456.789, '123456.789'],
  ])('writes %d to the millimetre as %s', (v, json) => {
    expect(written((o) => o.fixed(v, 1000))).toBe(json);
    expect(JSON.parse(written((o) => o.fixed(v, 1000)))).toBe(JSON.parse(plain(v)));
  });

  it('reads back as the millimetre-rounded number for any finite value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), (v) => {
        expect(JSON.parse(written((o) => o.fixed(v, 1000)))).toBe(JSON.parse(plain(v)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('writes a battery to the tenth as JSON writes it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), (v) => {
        expect(written((o) => o.fixed(v, 10))).toBe(plain(v, 10));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('FrameBytes as JSON', () => {
  it('writes a time in ms and any other number as JSON does', () => {
    for (const v of [0, 7, 1_764_331_200_123, 2 ** 53 - 1, -5, 1.5, 2 ** 60])
      expect(written((o) => o.number(v))).toBe(JSON.stringify(v));
  });

  it("writes a robot's motion as the contract's JSON tuple (the text frame)", () => {
    const f = facts();
    expect(JSON.parse(written((o) => o.motionTuple('r-1', f)))).toEqual([
      'r-1',
      1.5,
      -2.25,
      0.785,
      0.5,
      0,
      -0.1,
      87.3,
      1_764_331_200_123,
    ]);
  });

  it('writes three nulls for a speed never reported and null for an unknown battery', () => {
    const f = facts({ velocity: null, battery: null });
    expect(JSON.parse(written((o) => o.motionTuple('r-2', f)))).toEqual([
      'r-2',
      1.5,
      -2.25,
      0.785,
      null,
      null,
      null,
      null,
      1_764_331_200_123,
    ]);
  });

  it('a robot without a position or never heard from has no motion (its record goes)', () => {
    expect(hasMotion(facts())).toBe(true);
    expect(hasMotion(facts({ position: null }))).toBe(false);
    expect(hasMotion(facts({ lastSeenAt: null }))).toBe(false);
  });
});

describe('FrameBytes', () => {
  it('writes text, bytes and little-endian numbers, and grows past its first capacity keeping what it holds', () => {
    const out = new FrameBytes(64);
    for (let i = 0; i < 200; i++) {
      out.raw('"ü",');
      out.byte(0x2c);
      out.u32(i);
    }
    out.u32At(0, 0x2c2cbcc3);
    const b = out.take();
    expect(b.length).toBe(200 * 10);
    expect(b.readUInt32LE(0)).toBe(0x2c2cbcc3);
    expect(b.subarray(4, 10)).toEqual(Buffer.from([0x2c, 0x2c, 0, 0, 0, 0]));
    expect(b.readUInt32LE(199 * 10 + 6)).toBe(199);
    expect(b.subarray(199 * 10, 199 * 10 + 6).toString('utf8')).toBe('"ü",,');
  });

  it("writes a robot's motion as a record that reads back as the contract's tuple", () => {
    const out = new FrameBytes(16);
    expect(out.motionRecord(ID, facts())).toBe(true);
    expect(out.motionRecord(ID, facts({ velocity: null, battery: null }))).toBe(true);
    expect(motions(out.take())).toEqual([
      [ID, 1.5, -2.25, 0.785, 0.5, 0, -0.1, 87.3, 1_764_331_200_123],
      [ID, 1.5, -2.25, 0.785, null, null, null, null, 1_764_331_200_123],
    ]);
  });

  it('writes no record for a robot without a position, never heard from, or beyond a record (its whole record goes)', () => {
    const out = new FrameBytes();
    expect(out.motionRecord(ID, facts({ position: null }))).toBe(false);
    expect(out.motionRecord(ID, facts({ lastSeenAt: null }))).toBe(false);
    expect(out.motionRecord(ID, facts({ position: { x: 3e6, y: 0, theta: 0, mapId: 'floor-1' } }))).toBe(
      false,
    );
    expect(out.motionRecord('R-1', facts())).toBe(false);
    expect(out.size).toBe(0);
    expect(out.motionRecord(ID, facts())).toBe(true);
    expect(out.size).toBe(MOTION_RECORD_BYTES);
  });

  it('starts again from nothing when cleared', () => {
    const out = new FrameBytes();
    out.raw('abc');
    out.clear();
    out.raw('d');
    expect(out.take().toString()).toBe('d');
  });
});
