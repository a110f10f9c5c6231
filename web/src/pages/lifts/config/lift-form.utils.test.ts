import type { Floor, Lift } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  changesTestedFields,
  type LandingValues,
  landingRows,
  liftValuesOf,
  newLiftValues,
  toCreateLiftBody,
  toEditLiftBody,
  waypointOf,
} from './lift-form.utils';

const floor = (id: string, name: string, level: number): Floor =>
  ({ id, buildingId: 'b', name, level, map: null }) as unknown as Floor;
const LOBBY = floor('f0', 'Lobby', 0);
const TWELVE = floor('f12', 'Floor 12', 12);
const BASEMENT = floor('fb', 'B1', -1);
const FLOORS = [TWELVE, LOBBY, BASEMENT];
const FOOT = 0.3048;

const landing = (floorId: string, side: 'front' | 'rear', code: string): LandingValues => ({
  floorId,
  side,
  floorCode: code,
  outside: { x: 1, y: 2, heading: 90 },
  inside: { x: 1, y: 4, heading: 90 },
});

describe('landingRows', () => {
  it('lists each served floor × door side, lowest floor first and front before rear', () => {
    const rows = landingRows(['f12', 'fb'], ['rear', 'front'], FLOORS, []);
    expect(rows.map((r) => `${r.floorId}/${r.side}/${r.floorCode}`)).toEqual([
      'fb/front/-1',
      'fb/rear/-1',
      'f12/front/12',
      'f12/rear/12',
    ]);
    expect(rows[0]?.outside).toEqual({ x: null, y: null, heading: 0 });
  });

  it('keeps what was typed and gives a new door the floor code of the floor’s other door', () => {
    const typed = [landing('f0', 'front', 'G')];
    const rows = landingRows(['f0'], ['front', 'rear'], FLOORS, typed);
    expect(rows[0]).toBe(typed[0]);
    expect(rows[1]).toMatchObject({ floorId: 'f0', side: 'rear', floorCode: 'G' });
  });

  it('drops the landings of a floor no longer served or a door removed', () => {
    const typed = [landing('f0', 'front', '0'), landing('f12', 'front', '12'), landing('f12', 'rear', '12')];
    expect(landingRows(['f12'], ['front'], FLOORS, typed)).toEqual([typed[1]]);
  });
});

describe('waypointOf', () => {
  it.each([
    ['metric', { x: 10, y: 5, heading: 90 }, { x: 10, y: 5, theta: Math.PI / 2 }],
    ['imperial', { x: 100, y: 0, heading: -90 }, { x: 30.48, y: 0, theta: -Math.PI / 2 }],
  ] as const)('%s', (system, typed, expected) => {
    const w = waypointOf(typed, system);
    expect(w?.x).toBeCloseTo(expected.x, 6);
    expect(w?.y).toBeCloseTo(expected.y, 6);
    expect(w?.theta).toBeCloseTo(expected.theta, 9);
  });

  it('is undefined while a coordinate is missing', () => {
    expect(waypointOf({ x: null, y: 1, heading: 0 }, 'metric')).toBeUndefined();
  });
});

const LIFT: Lift = {
  id: 'l1',
  bankId: 'k1',
  name: 'Car A',
  gatewayLiftName: 'car-a',
  doorSides: ['front'],
  servedFloorIds: ['f0', 'f12'],
  landings: [
    {
      floorId: 'f0',
      side: 'front',
      floorCode: '0',
      outside: { x: 30, y: 27, theta: Math.PI / 2 },
      inside: { x: 30, y: 30, theta: Math.PI / 2 },
    },
    {
      floorId: 'f12',
      side: 'front',
      floorCode: '12',
      outside: { x: 30, y: 11, theta: 0 },
      inside: { x: 30, y: 14, theta: 0 },
    },
  ],
  maxRobots: 1,
  enabledForRobots: true,
  outOfService: false,
  testPassedAt: null,
  changedAt: '2026-01-01T00:00:00.000Z',
  version: 1,
};

describe('lift bodies', () => {
  it('creates with floors lowest first and landings in metres and radians', () => {
    const values = {
      ...newLiftValues(),
      name: ' Car B ',
      gatewayLiftName: 'car-b',
      servedFloorIds: ['f12', 'f0'],
      landings: [landing('f0', 'front', ' 0 '), landing('f12', 'front', '12')],
    };
    const body = toCreateLiftBody('k1', values, FLOORS, 'imperial');
    expect(body.name).toBe('Car B');
    expect(body.servedFloorIds).toEqual(['f0', 'f12']);
    expect(body.landings[0]?.floorCode).toBe('0');
    expect(body.landings[0]?.outside.x).toBeCloseTo(FOOT, 6);
    expect(body.landings[0]?.outside.theta).toBeCloseTo(Math.PI / 2, 9);
  });

  it('sends only the name when only the name changed, even in feet', () => {
    const values = { ...liftValuesOf(LIFT, FLOORS, 'imperial'), name: 'Car A1' };
    const body = toEditLiftBody(LIFT, values, FLOORS, 'imperial');
    expect(body).toEqual({ id: 'l1', name: 'Car A1' });
    expect(changesTestedFields(body)).toBe(false);
  });

  it('sends the landings when a waypoint moved, which needs a new test call', () => {
    const values = liftValuesOf(LIFT, FLOORS, 'metric');
    const moved = values.landings.map((l, i) => (i === 1 ? { ...l, inside: { ...l.inside, y: 15 } } : l));
    const body = toEditLiftBody(LIFT, { ...values, landings: moved }, FLOORS, 'metric');
    expect(body.landings?.[1]?.inside.y).toBe(15);
    expect(body.landings?.[0]).toEqual(LIFT.landings[0]);
    expect(changesTestedFields(body)).toBe(true);
  });
});
