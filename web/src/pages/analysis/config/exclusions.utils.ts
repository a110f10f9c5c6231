import type { Exclusions } from '@fleet/contract';

export interface ExclusionWords {
  nothing: string;
  robots: (count: number, names: string) => string;
  buildings: (count: number, names: string) => string;
}

const SHOWN_NAMES = 3;

/** Names of the first few, then "+n"; an id no longer known (a robot since removed) is counted, not named. */
function names(ids: readonly string[], nameOf: (id: string) => string | undefined): string {
  const known = ids.flatMap((id) => {
    const name = nameOf(id);
    return name === undefined ? [] : [name];
  });
  const shown = known.slice(0, SHOWN_NAMES).join(', ');
  const rest = ids.length - Math.min(known.length, SHOWN_NAMES);
  return rest > 0 ? `${shown}${shown ? ' ' : ''}+${rest}` : shown;
}

/** "2 robots (Demo 1, Demo 2) · 1 building (Showroom)". */
export function summariseExclusions(
  value: Exclusions,
  nameOf: (id: string) => string | undefined,
  words: ExclusionWords,
): string {
  const parts = [
    ...(value.robotIds.length ? [words.robots(value.robotIds.length, names(value.robotIds, nameOf))] : []),
    ...(value.buildingIds.length
      ? [words.buildings(value.buildingIds.length, names(value.buildingIds, nameOf))]
      : []),
  ];
  return parts.length ? parts.join(' · ') : words.nothing;
}
