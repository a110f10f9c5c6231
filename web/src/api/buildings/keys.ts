import type { Scope } from '../query-scope';

export const buildingKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'buildings'] as const,
  /** Every page of the paged search, whatever its body. */
  searches: (s: Scope | undefined) => [...buildingKeys.all(s), 'search'] as const,
  search: (s: Scope | undefined, body: object) => [...buildingKeys.searches(s), body] as const,
  options: (s: Scope | undefined) => [...buildingKeys.all(s), 'options'] as const,
  detail: (s: Scope | undefined, id: string) => [...buildingKeys.all(s), 'detail', id] as const,
  stations: (s: Scope | undefined, floorId: string) => [...buildingKeys.all(s), 'stations', floorId] as const,
};
