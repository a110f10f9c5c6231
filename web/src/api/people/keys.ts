import type { Scope } from '../query-scope';

/**
 * `me` is what tells the company, so its key cannot start with one: it is keyed by the session instead.
 * Every token change (log-in, company switch, log-out) reloads the page, which empties the cache.
 */
export const peopleKeys = {
  me: (region: string) => [region, 'session', 'people', 'me'] as const,
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'people'] as const,
  /** Everything derived from the company's member list: the paged search, the full list, the CSV. */
  people: (s: Scope | undefined) => [...peopleKeys.all(s), 'people'] as const,
  search: (s: Scope | undefined, body: object) => [...peopleKeys.people(s), 'search', body] as const,
  list: (s: Scope | undefined) => [...peopleKeys.people(s), 'list'] as const,
  devices: (s: Scope | undefined, userId: string) => [...peopleKeys.all(s), 'devices', userId] as const,
  assignableRobots: (s: Scope | undefined) => [...peopleKeys.all(s), 'assignable-robots'] as const,
};
