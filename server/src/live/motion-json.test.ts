import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mmJson } from './motion-json.js';

/** What the motion tuple wrote before: the number rounded to the millimetre, written by JSON. */
const plain = (v: number) => JSON.stringify(Math.round(v * 1000) / 1000);

describe('mmJson', () => {
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
  ])('writes %d as %s', (v, json) => {
    expect(mmJson(v)).toBe(json);
    expect(JSON.parse(mmJson(v))).toBe(JSON.parse(plain(v)));
  });

  it('reads back as the millimetre-rounded number for any finite value', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }), (v) => {
        expect(JSON.parse(mmJson(v))).toBe(JSON.parse(plain(v)));
      }),
      { numRuns: 20_000 },
    );
  });
});
