import type { Building } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  boundsOfBuildings,
  nextTileState,
  placedBuildings,
  type TileEvent,
  type TileState,
} from './world-map.utils';

const building = (id: string, latitude: number | null, longitude: number | null): Building => ({
  id,
  name: id,
  address: null,
  latitude,
  longitude,
  timeZone: 'UTC',
  floorCount: 0,
  robotCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('placedBuildings / boundsOfBuildings', () => {
  it('keeps the buildings with a position and boxes them', () => {
    const placed = placedBuildings([
      building('a', 37.79, -122.4),
      building('b', null, null),
      building('c', 37.8, -122.31),
    ]);
    expect(placed.map((b) => b.id)).toEqual(['a', 'c']);
    expect(boundsOfBuildings(placed)).toEqual([
      [37.79, -122.4],
      [37.8, -122.31],
    ]);
  });

  it('has no box without a placed building', () => {
    expect(boundsOfBuildings([])).toBeUndefined();
  });
});

describe('nextTileState', () => {
  it.each<[TileState, TileEvent, TileState]>([
    ['loading', 'tileload', 'loaded'],
    ['loading', 'tileerror', 'failed'],
    ['loading', 'timeout', 'failed'],
    ['loaded', 'tileerror', 'loaded'],
    ['loaded', 'timeout', 'loaded'],
    ['failed', 'tileload', 'loaded'],
    ['failed', 'tileerror', 'failed'],
  ])('%s + %s → %s', (state, event, expected) => {
    expect(nextTileState(state, event)).toBe(expected);
  });
});
