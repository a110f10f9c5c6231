import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeLiveFrame,
  encodeChangesFrame,
  MOTION_RECORD_BYTES,
  readMotionRecord,
  writeMotionRecord,
} from './frame.js';
import type { LiveMotion, LiveServerMessage } from './index.js';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** What the JSON form carried for a value: rounded to the unit, as JSON.parse reads the written decimal. */
const rounded = (v: number, scale = 1000) =>
  JSON.parse(JSON.stringify(Math.round(v * scale) / scale)) as number;

type Motion = [string, number, number, number, number | null, number, number, number | null, number];

/** One record written and read back, or null when it does not fit. */
function roundTrip(...m: Motion): LiveMotion | null {
  const bytes = new Uint8Array(MOTION_RECORD_BYTES + 8);
  const view = new DataView(bytes.buffer);
  return writeMotionRecord(view, bytes, 8, ...m) ? readMotionRecord(view, bytes, 8) : null;
}

/** A whole frame as the server writes one: header, JSON part, count, records. */
const frame = (head: Record<string, unknown>, motions: Motion[]) =>
  encodeChangesFrame({
    ...(head as Omit<Extract<LiveServerMessage, { type: 'changes' }>, 'moved'>),
    moved: motions.map(([id, x, y, theta, vx, vy, omega, battery, seen]) => [
      id,
      x,
      y,
      theta,
      vx,
      vx === null ? null : vy,
      vx === null ? null : omega,
      battery,
      seen,
    ]),
  });

describe('a motion record', () => {
  it("reads back as the contract's motion tuple, to the millimetre, milliradian and tenth of a percent", () => {
    expect(roundTrip(ID, 12.34567, -3.21, 1.5707963, 0.5, 0, -0.1, 87.25, 1_764_331_200_123)).toEqual([
      ID,
      12.346,
      -3.21,
      1.571,
      0.5,
      0,
      -0.1,
      87.3,
      1_764_331_200_123,
    ]);
  });

  it('carries no speed as three nulls and an unknown battery as null', () => {
    expect(roundTrip(ID, 1, 2, 0, null, 0, 0, null, 5)).toEqual([ID, 1, 2, 0, null, null, null, null, 5]);
  });

  it('reads back every value exactly as the JSON form parsed it', () => {
    const metres = fc.double({ noNaN: true, noDefaultInfinity: true, min: -2_000_000, max: 2_000_000 });
    fc.assert(
      fc.property(
        fc.uuid(),
        metres,
        metres,
        fc.double({ noNaN: true, min: -Math.PI, max: Math.PI }),
        fc.option(fc.tuple(metres, metres, metres)),
        fc.option(fc.double({ noNaN: true, min: 0, max: 100 })),
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        (id, x, y, theta, speed, battery, seen) => {
          const [vx, vy, omega] = speed ?? [null, 0, 0];
          expect(roundTrip(id, x, y, theta, vx, vy, omega, battery, seen)).toEqual([
            id,
            rounded(x),
            rounded(y),
            rounded(theta),
            speed ? rounded(speed[0]) : null,
            speed ? rounded(speed[1]) : null,
            speed ? rounded(speed[2]) : null,
            battery === null ? null : rounded(battery, 10),
            seen,
          ]);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('does not take a motion it cannot carry: the robot then goes as its whole record', () => {
    expect(roundTrip(ID, 2_147_484, 0, 0, null, 0, 0, 50, 1)).toBeNull();
    expect(roundTrip(ID, 0, -2_147_484, 0, null, 0, 0, 50, 1)).toBeNull();
    expect(roundTrip(ID, 0, 0, 0, 3e6, 0, 0, 50, 1)).toBeNull();
    expect(roundTrip(ID, 0, 0, 0, null, 0, 0, 50, Number.NaN)).toBeNull();
    expect(roundTrip(ID.toUpperCase(), 0, 0, 0, null, 0, 0, 50, 1)).toBeNull();
    expect(roundTrip('R-1', 0, 0, 0, null, 0, 0, 50, 1)).toBeNull();
    expect(roundTrip(`${ID.slice(0, 35)}g`, 0, 0, 0, null, 0, 0, 50, 1)).toBeNull();
    expect(roundTrip(ID.replaceAll('-', '_'), 0, 0, 0, null, 0, 0, 50, 1)).toBeNull();
  });
});

describe('decodeLiveFrame', () => {
  const head = { type: 'changes', robots: [{ id: ID, name: 'Courier 1' }], removed: ['gone'], at: 'now' };

  it('reads the binary changes frame: the JSON part with its motion records as `moved`', () => {
    const other = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(
      decodeLiveFrame(
        frame(head, [
          [ID, 1, 2, 3, null, 0, 0, 50, 10],
          [other, -1, -2, -3, 0.1, 0.2, 0.3, null, 11],
        ]),
      ),
    ).toEqual({
      ...head,
      moved: [
        [ID, 1, 2, 3, null, null, null, 50, 10],
        [other, -1, -2, -3, 0.1, 0.2, 0.3, null, 11],
      ],
    });
  });

  it('reads a frame inside a larger buffer, as an ArrayBuffer, and with no motion', () => {
    const bytes = frame(head, [[ID, 1, 2, 3, null, 0, 0, 50, 10]]);
    const padded = new Uint8Array(bytes.length + 16);
    padded.set(bytes, 16);
    expect(decodeLiveFrame(padded.subarray(16))).toMatchObject({
      moved: [[ID, 1, 2, 3, null, null, null, 50, 10]],
    });
    expect(decodeLiveFrame(bytes.slice().buffer)).toMatchObject({ type: 'changes' });
    expect(decodeLiveFrame(frame(head, []))).toEqual({ ...head, moved: [] });
  });

  it('reads JSON text frames, as a string or as bytes', () => {
    const snapshot = { type: 'snapshot', robots: [], at: 'now' };
    expect(decodeLiveFrame(JSON.stringify(snapshot))).toEqual(snapshot);
    expect(decodeLiveFrame(new TextEncoder().encode(JSON.stringify(snapshot)))).toEqual(snapshot);
  });

  it('will not encode a motion a record cannot carry', () => {
    expect(() => frame(head, [['R-1', 1, 2, 3, null, 0, 0, 50, 10]])).toThrow(/R-1/);
  });

  it('answers null for a frame cut short or too long, an unknown kind, or text that is not JSON', () => {
    const bytes = frame(head, [[ID, 1, 2, 3, null, 0, 0, 50, 10]]);
    expect(decodeLiveFrame(bytes.subarray(0, bytes.length - 1))).toBeNull();
    expect(decodeLiveFrame(bytes.subarray(0, 10))).toBeNull();
    const longer = new Uint8Array(bytes.length + 1);
    longer.set(bytes);
    expect(decodeLiveFrame(longer)).toBeNull();
    const unknown = bytes.slice();
    unknown[0] = 2;
    expect(decodeLiveFrame(unknown)).toBeNull();
    expect(decodeLiveFrame(frame({ type: 'snapshot', robots: [], at: 'now' }, []))).toBeNull();
    expect(decodeLiveFrame('{"type":')).toBeNull();
    expect(decodeLiveFrame(new Uint8Array())).toBeNull();
  });
});
