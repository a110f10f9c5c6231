import type { Floor } from '@fleet/contract';

export interface FloorFormValues {
  name: string;
  level: number;
}

export const FLOOR_FORM_FIELDS: Readonly<Record<string, string>> = { name: 'name', level: 'level' };

/** A new floor goes on top: the level above the highest, or the ground floor in an empty building. */
export function nextLevel(floors: readonly Pick<Floor, 'level'>[]): number {
  if (floors.length === 0) return 0;
  return Math.min(300, Math.max(...floors.map((f) => f.level)) + 1);
}

/** Levels other floors of the building hold: one floor per level. */
export function levelTaken(
  floors: readonly Pick<Floor, 'id' | 'level'>[],
  level: number,
  self?: string,
): boolean {
  return floors.some((f) => f.level === level && f.id !== self);
}
