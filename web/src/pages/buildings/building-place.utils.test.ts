import type { Floor } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { type BuildingPlace, floorsByLevel, paramsOf, placeOf, shownFloor } from './building-place.utils';

const floor = (id: string, level: number): Floor => ({
  id,
  buildingId: 'b',
  name: id,
  level,
  map: null,
  stationCount: 0,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('placeOf / paramsOf', () => {
  it.each<[string, BuildingPlace]>([
    ['', { kind: 'list', view: 'table' }],
    ['view=map', { kind: 'list', view: 'map' }],
    ['building=b1', { kind: 'building', buildingId: 'b1', floorId: undefined }],
    ['building=b1&floor=f2', { kind: 'building', buildingId: 'b1', floorId: 'f2' }],
  ])('?%s', (query, place) => {
    expect(placeOf(new URLSearchParams(query))).toEqual(place);
    expect(paramsOf(place).toString()).toBe(query);
  });

  it('reads an unknown view as the table, and a building over a view', () => {
    expect(placeOf(new URLSearchParams('view=globe'))).toEqual({ kind: 'list', view: 'table' });
    expect(placeOf(new URLSearchParams('view=map&building=b1')).kind).toBe('building');
  });
});

describe('floors', () => {
  const floors = [floor('twelve', 12), floor('basement', -1), floor('lobby', 0)];

  it('orders by level, lowest first', () => {
    expect(floorsByLevel(floors).map((f) => f.id)).toEqual(['basement', 'lobby', 'twelve']);
  });

  it.each([
    ['the requested floor', 'twelve', 'twelve'],
    ['the ground floor when none is requested', undefined, 'lobby'],
    ['the ground floor when the requested one is gone', 'removed', 'lobby'],
  ])('shows %s', (_, requested, expected) => {
    expect(shownFloor(floors, requested)?.id).toBe(expected);
  });

  it('shows the lowest floor of a building without a ground floor, and none of an empty one', () => {
    expect(shownFloor([floor('a', 3), floor('b', 1)], undefined)?.id).toBe('b');
    expect(shownFloor([], 'x')).toBeUndefined();
  });
});
