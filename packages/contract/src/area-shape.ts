import { AREA_NAMES, AREA_SHAPES, type AreaName, type Side } from './areas.js';

/** The names found on disk for each side: folders of modules, api and pages, files of schema and i18n. */
export type SidesOnDisk = Record<Side, readonly string[]>;

const isArea = (name: string): name is AreaName => (AREA_NAMES as readonly string[]).includes(name);

/**
 * Everything that breaks "one name and one shape per area": a folder or file not named for an area, a side an
 * area does not declare, a declared side that is missing, and an area with routes but no server module or
 * web api folder (unless it says why).
 */
export function shapeProblems(onDisk: SidesOnDisk, areasWithRoutes: Iterable<AreaName>): string[] {
  const problems: string[] = [];
  for (const [side, names] of Object.entries(onDisk) as [Side, readonly string[]][]) {
    for (const name of names) {
      if (!isArea(name)) problems.push(`${side} "${name}" is not an area name`);
      else if (!AREA_SHAPES[name].sides.includes(side))
        problems.push(`${side} "${name}" is not a side ${name} declares`);
    }
  }
  for (const area of AREA_NAMES) {
    for (const side of AREA_SHAPES[area].sides) {
      if (!onDisk[side].includes(area)) problems.push(`${area} declares ${side} but has none`);
    }
  }
  for (const area of new Set(areasWithRoutes)) {
    const shape = AREA_SHAPES[area];
    for (const side of ['contract', 'module', 'api'] as const) {
      if (!shape.sides.includes(side) && !shape.without?.[side])
        problems.push(`${area} has routes but no ${side}`);
    }
  }
  return problems;
}
