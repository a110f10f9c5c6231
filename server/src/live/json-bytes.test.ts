import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RobotFacts } from '../fleet/live-store.js';
import { hasMotion, JsonBytes } from './json-bytes.js';

/** What the motion tuple wrote before the bytes: the number rounded to the unit, written by JSON. */
const plain = (v: number, scale = 1000) => JSON.stringify(Math.round(v * scale) / scale);
const written = (write: (out: JsonBytes) => void, capacity?: number) => {
  const out = new JsonBytes(capacity);
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
  errors: [],
  actionStates: [],
  ...over,
});

describe('JsonBytes.fixed', () => {
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

describe('JsonBytes', () => {
  it('writes a time in ms and any other number as JSON does', () => {
    for (const v of [0, 7, 1_764_331_200_123, 2 ** 53 - 1, -5, 1.5, 2 ** 60])
      expect(written((o) => o.number(v))).toBe(JSON.stringify(v));
  });

  it('grows past its first capacity without losing what it holds', () => {
    const text = written((o) => {
      for (let i = 0; i < 500; i++) {
        o.raw('"ü",');
        o.fixed(i / 7, 1000);
        o.byte(0x2c);
      }
    }, 64);
    const expected = Array.from({ length: 500 }, (_, i) => `"ü",${plain(i / 7)},`).join('');
    expect(text).toBe(expected);
  });

  it("writes a robot's motion as the contract's tuple", () => {
    const f = facts();
    expect(JSON.parse(written((o) => o.motion('r-1', f)))).toEqual([
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
    expect(JSON.parse(written((o) => o.motion('r-2', f)))).toEqual([
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
