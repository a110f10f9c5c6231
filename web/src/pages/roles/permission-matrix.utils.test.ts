import { AREA_LEVELS, AREAS, PERMISSIONS, type Permission } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  areaState,
  fromMatrix,
  MATRIX,
  toggleArea,
  togglePermission,
  toMatrix,
} from './permission-matrix.utils';

describe('MATRIX', () => {
  it('has one row per area and a checkbox exactly where the contract allows the level', () => {
    expect(MATRIX.map((r) => r.area)).toEqual([...AREAS]);
    const offered = MATRIX.flatMap((r) => r.cells.flatMap((c) => (c.permission ? [c.permission] : [])));
    expect(offered).toEqual(PERMISSIONS);
    const audit = MATRIX.find((r) => r.area === 'audit');
    expect(audit?.cells.map((c) => c.permission)).toEqual(['audit.read', undefined, undefined]);
    const analysis = MATRIX.find((r) => r.area === 'analysis');
    expect(analysis?.cells.map((c) => c.permission)).toEqual(['analysis.read', 'analysis.manage', undefined]);
  });
});

describe('list ⇄ matrix', () => {
  it.each([
    [[]],
    [['audit.read']],
    [['people.read', 'robots.operate', 'lifts.manage']],
    [PERMISSIONS],
  ] as Permission[][][])('round-trips %j', (list) => {
    expect(fromMatrix(toMatrix(list))).toEqual(PERMISSIONS.filter((p) => list.includes(p)));
  });

  it('puts the list in the contract order and drops what is not in the matrix', () => {
    expect(fromMatrix(toMatrix(['robots.operate', 'people.read', 'analysis.operate', 'nonsense']))).toEqual([
      'people.read',
      'robots.operate',
    ]);
  });

  it('reads ticks per area and level', () => {
    const value = toMatrix(['robots.read', 'robots.operate']);
    expect(value.robots).toEqual({ read: true, operate: true });
    expect(value.people).toEqual({});
  });
});

describe('togglePermission', () => {
  it.each([
    [[], 'audit.read', true, ['audit.read']],
    [['audit.read'], 'audit.read', true, ['audit.read']],
    [['audit.read', 'people.read'], 'audit.read', false, ['people.read']],
    [['audit.read'], 'people.manage', true, ['people.manage', 'audit.read']],
  ] as const)('%j %s %s → %j', (list, p, on, expected) => {
    expect(togglePermission(list as readonly Permission[], p, on)).toEqual(expected);
  });
});

describe('a whole area', () => {
  it('ticks and unticks every level the area has', () => {
    const all = toggleArea([], 'robots', true);
    expect(all).toEqual(AREA_LEVELS.robots.map((l) => `robots.${l}`));
    expect(toggleArea([...all, 'audit.read'], 'robots', false)).toEqual(['audit.read']);
  });

  it.each([
    [[], 'none'],
    [['people.read'], 'some'],
    [['people.read', 'people.manage'], 'all'],
  ] as const)('%j → %s', (list, expected) => {
    expect(areaState(list as readonly Permission[], 'people')).toBe(expected);
  });
});
