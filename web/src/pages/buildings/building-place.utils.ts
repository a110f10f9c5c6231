import type { Floor } from '@fleet/contract';

/**
 * Where on the buildings screen the user is, kept in the query string (the route manifest has only
 * /buildings): the list or the world map, or one building and one of its floors. A link or a reload lands
 * in the same place.
 */
export type BuildingPlace =
  | { kind: 'list'; view: 'table' | 'map' }
  | { kind: 'building'; buildingId: string; floorId: string | undefined };

export function placeOf(params: URLSearchParams): BuildingPlace {
  const buildingId = params.get('building');
  if (buildingId) return { kind: 'building', buildingId, floorId: params.get('floor') ?? undefined };
  return { kind: 'list', view: params.get('view') === 'map' ? 'map' : 'table' };
}

export function paramsOf(place: BuildingPlace): URLSearchParams {
  const params = new URLSearchParams();
  if (place.kind === 'building') {
    params.set('building', place.buildingId);
    if (place.floorId) params.set('floor', place.floorId);
  } else if (place.view === 'map') params.set('view', 'map');
  return params;
}

/** Lowest level first, as a building is read from the ground up. */
export function floorsByLevel(floors: readonly Floor[]): Floor[] {
  return [...floors].sort((a, b) => a.level - b.level || a.name.localeCompare(b.name));
}

/** The floor asked for if the building has it, else the ground floor, else the lowest. */
export function shownFloor(floors: readonly Floor[], requested: string | undefined): Floor | undefined {
  return (
    floors.find((f) => f.id === requested) ?? floors.find((f) => f.level === 0) ?? floorsByLevel(floors)[0]
  );
}
