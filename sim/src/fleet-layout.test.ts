import { describe, expect, it } from 'vitest';
import { generateStations, serialNumber, startPose } from './fleet-layout.js';
import { createRng } from './prng.js';

const bounds = { minX: 0, minY: 0, maxX: 60, maxY: 40 };
const inside = (p: { x: number; y: number }, margin = 0) =>
  p.x >= bounds.minX - margin &&
  p.x <= bounds.maxX + margin &&
  p.y >= bounds.minY - margin &&
  p.y <= bounds.maxY + margin;

describe('fleet layout', () => {
  it.each([
    [0, 5, 'SIM-001'],
    [41, 100, 'SIM-042'],
    [9999, 10000, 'SIM-10000'],
    [0, 10000, 'SIM-00001'],
  ])('serial number %i of %i is %s', (i, total, expected) => {
    expect(serialNumber('SIM-', i, total)).toBe(expected);
  });

  it('generates work stations and two chargers inside the map, with unique ids', () => {
    const s = generateStations(bounds);
    expect(s.filter((x) => x.charger)).toHaveLength(2);
    expect(s.filter((x) => !x.charger)).toHaveLength(8);
    expect(new Set(s.map((x) => x.id)).size).toBe(s.length);
    for (const st of s) expect(inside(st)).toBe(true);
  });

  it('starts robots near work stations, inside the map, never on a charger', () => {
    const map = { mapId: 'm', bounds, stations: generateStations(bounds) };
    const rng = createRng(5);
    for (let i = 0; i < 50; i++) {
      const p = startPose(map, rng);
      expect(p.mapId).toBe('m');
      expect(inside(p, 1)).toBe(true);
      for (const c of map.stations.filter((s) => s.charger)) {
        expect(Math.hypot(p.x - c.x, p.y - c.y)).toBeGreaterThan(2);
      }
    }
  });
});
