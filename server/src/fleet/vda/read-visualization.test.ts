import { describe, expect, it } from 'vitest';
import { vdaVisualization } from './messages.js';
import { readVisualization } from './read-visualization.js';
import { ODD_VALUES, withValue as withValueAt } from './schema-cases.fixture.js';

const valid = () => ({
  headerId: 7,
  timestamp: '2026-11-22T10:00:00.000Z',
  version: '2.0.0',
  manufacturer: 'fleetsim',
  serialNumber: 'SIM-1',
  agvPosition: { x: 1.5, y: -2, theta: 3.1, mapId: 'floor-1', positionInitialized: true, extra: 1 },
  velocity: { vx: 0.5, vy: 0, omega: -0.1 },
  vendorField: { anything: true },
});

/** Every field path of the sample, with the values to put there instead. */
const PATHS = [
  'headerId',
  'timestamp',
  'version',
  'manufacturer',
  'serialNumber',
  'agvPosition',
  'agvPosition.x',
  'agvPosition.y',
  'agvPosition.theta',
  'agvPosition.mapId',
  'agvPosition.positionInitialized',
  'velocity',
  'velocity.vx',
  'velocity.vy',
  'velocity.omega',
];
const VALUES: unknown[] = [...ODD_VALUES, 'x'.repeat(101)];

const withValue = (path: string, value: unknown) => withValueAt(valid(), path, value);

describe('readVisualization', () => {
  it('accepts a valid message as it is, without a copy', () => {
    const m = valid();
    expect(readVisualization(m)).toBe(m);
  });

  it('gives the schema’s verdict for every field missing, mistyped or out of range', () => {
    const cases = PATHS.flatMap((path) => VALUES.map((value) => ({ path, value })));
    for (const { path, value } of cases) {
      const m = withValue(path, value);
      expect(readVisualization(m) !== null, `${path} = ${String(value)}`).toBe(
        vdaVisualization.safeParse(m).success,
      );
    }
    for (const m of [null, 1, 'x', [], {}]) {
      expect(readVisualization(m)).toBeNull();
      expect(vdaVisualization.safeParse(m).success).toBe(false);
    }
  });
});
