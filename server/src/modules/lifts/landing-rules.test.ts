import type { LiftLanding } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { type LandingFloor, landingProblems } from './landing-rules.js';

const B = 'building-1';
const bounds = { minX: 0, minY: 0, maxX: 50, maxY: 30 };
const floors = new Map<string, LandingFloor>([
  ['lobby', { buildingId: B, name: 'Lobby', bounds }],
  ['f12', { buildingId: B, name: 'Floor 12', bounds }],
  ['bare', { buildingId: B, name: 'Roof', bounds: null }],
  ['elsewhere', { buildingId: 'building-2', name: 'Annex', bounds }],
]);
const landing = (floorId: string, floorCode: string, over: Partial<LiftLanding> = {}): LiftLanding => ({
  floorId,
  side: 'front',
  floorCode,
  outside: { x: 10, y: 5, theta: 0 },
  inside: { x: 10, y: 8, theta: Math.PI / 2 },
  ...over,
});
const check = (over: Partial<Parameters<typeof landingProblems>[0]> = {}) =>
  landingProblems(
    {
      servedFloorIds: ['lobby', 'f12'],
      doorSides: ['front'],
      landings: [landing('lobby', '0'), landing('f12', '12A')],
      ...over,
    },
    B,
    floors,
  );

describe('lift landings (LIFTS-LANDINGS)', () => {
  it('accepts every served floor mapped once per door, with string codes such as "0" and "12A"', () => {
    expect(check()).toEqual([]);
  });

  it('refuses a floor of another building, a floor listed twice, and a served floor without a landing', () => {
    expect(
      check({ servedFloorIds: ['lobby', 'f12', 'elsewhere', 'f12'], landings: [landing('lobby', '0')] }),
    ).toEqual([
      {
        path: 'servedFloorIds.2',
        message: 'not a floor of the bank’s building',
        rule: 'servedFloorElsewhere',
      },
      {
        path: 'servedFloorIds.3',
        message: 'Floor 12 is listed twice',
        rule: 'servedFloorTwice',
        params: { floor: 'Floor 12' },
      },
      {
        path: 'landings',
        message: 'Floor 12 has no front landing',
        rule: 'landingMissing',
        params: { side: 'front', floor: 'Floor 12' },
      },
    ]);
  });

  it('refuses a duplicate code, a second landing for the same door, and a door the lift does not have', () => {
    expect(
      check({
        landings: [
          landing('lobby', '0'),
          landing('f12', '0'),
          landing('f12', '12', { side: 'rear' }),
          landing('lobby', '0'),
        ],
      }),
    ).toEqual([
      {
        path: 'landings.1.floorCode',
        message: '"0" already names Lobby',
        rule: 'floorCodeTaken',
        params: { code: '0', floor: 'Lobby' },
      },
      {
        path: 'landings.2.side',
        message: 'the lift has no rear door',
        rule: 'landingNoSuchDoor',
        params: { side: 'rear' },
      },
      {
        path: 'landings.3',
        message: 'a second front landing for Lobby',
        rule: 'landingTwice',
        params: { side: 'front', floor: 'Lobby' },
      },
    ]);
  });

  it('wants one code per floor at both doors, and both doors mapped', () => {
    expect(
      check({
        doorSides: ['front', 'rear'],
        landings: [landing('lobby', '0'), landing('lobby', 'G', { side: 'rear' }), landing('f12', '12')],
      }),
    ).toEqual([
      {
        path: 'landings.1.floorCode',
        message: 'Lobby is "0" at its other door',
        rule: 'floorCodeDiffersByDoor',
        params: { code: '0', floor: 'Lobby' },
      },
      {
        path: 'landings',
        message: 'Floor 12 has no rear landing',
        rule: 'landingMissing',
        params: { side: 'rear', floor: 'Floor 12' },
      },
    ]);
  });

  it('wants both waypoints on the floor’s map, and a map to put them on', () => {
    expect(
      check({
        servedFloorIds: ['lobby', 'f12', 'bare'],
        landings: [
          landing('lobby', '0', { outside: { x: -1, y: 5, theta: 0 } }),
          landing('f12', '12', { inside: { x: 10, y: 31, theta: 0 } }),
          landing('bare', 'R'),
        ],
      }),
    ).toEqual([
      {
        path: 'landings.0.outside',
        message: 'outside the map of Lobby',
        rule: 'waypointOffMap',
        params: { floor: 'Lobby' },
      },
      {
        path: 'landings.1.inside',
        message: 'outside the map of Floor 12',
        rule: 'waypointOffMap',
        params: { floor: 'Floor 12' },
      },
      {
        path: 'landings.2',
        message: 'Roof has no map to place the waypoints on',
        rule: 'floorWithoutMap',
        params: { floor: 'Roof' },
      },
    ]);
  });
});
