import {
  AREA_LEVELS,
  AREAS,
  type Area,
  LEVELS,
  type Level,
  PERMISSIONS,
  type Permission,
} from '@fleet/contract';

export interface MatrixCell {
  level: Level;
  /** Undefined where the area has no such level (only things that move can be operated). */
  permission: Permission | undefined;
}

export interface MatrixRow {
  area: Area;
  cells: MatrixCell[];
}

/** Rows = areas, columns = read / manage / operate, a permission only where the contract allows it. */
export const MATRIX: readonly MatrixRow[] = AREAS.map((area) => ({
  area,
  cells: LEVELS.map((level) => ({
    level,
    permission: AREA_LEVELS[area].includes(level) ? (`${area}.${level}` as Permission) : undefined,
  })),
}));

export type MatrixValue = Record<Area, Partial<Record<Level, boolean>>>;

/** A permission list as ticks of the matrix; anything not in the matrix is dropped. */
export function toMatrix(list: readonly string[]): MatrixValue {
  const value = Object.fromEntries(AREAS.map((a) => [a, {}])) as MatrixValue;
  for (const row of MATRIX) {
    for (const cell of row.cells) {
      if (cell.permission && list.includes(cell.permission)) value[row.area][cell.level] = true;
    }
  }
  return value;
}

/** The ticks as the list the server takes: each permission once, in the contract's order. */
export function fromMatrix(value: MatrixValue): Permission[] {
  return PERMISSIONS.filter((p) => {
    const [area, level] = p.split('.') as [Area, Level];
    return value[area]?.[level] === true;
  });
}

/** Ticks or unticks one permission; the result is in the contract's order without duplicates. */
export function togglePermission(list: readonly Permission[], p: Permission, on: boolean): Permission[] {
  const set = new Set(list);
  if (on) set.add(p);
  else set.delete(p);
  return PERMISSIONS.filter((x) => set.has(x));
}

/** Ticks or unticks every level of an area at once. */
export function toggleArea(list: readonly Permission[], area: Area, on: boolean): Permission[] {
  return AREA_LEVELS[area].reduce<Permission[]>(
    (acc, level) => togglePermission(acc, `${area}.${level}` as Permission, on),
    [...list],
  );
}

/** Whether every, some or none of an area's levels are ticked (for the row's own checkbox). */
export function areaState(list: readonly Permission[], area: Area): 'all' | 'some' | 'none' {
  const ticked = AREA_LEVELS[area].filter((l) => list.includes(`${area}.${l}` as Permission)).length;
  if (ticked === 0) return 'none';
  return ticked === AREA_LEVELS[area].length ? 'all' : 'some';
}
