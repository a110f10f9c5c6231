import type { Scope } from '../scope';

/**
 * `me` is what tells the company, so its key cannot start with one: it is keyed by the session instead.
 * Every token change (log-in, company switch, log-out) reloads the page, which empties the cache.
 */
export const userKeys = {
  me: (region: string) => [region, 'session', 'user', 'me'] as const,
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'user'] as const,
  /** Everything derived from the company's member list: the paged search, the full list, the CSV. */
  people: (s: Scope | undefined) => [...userKeys.all(s), 'people'] as const,
  search: (s: Scope | undefined, body: object) => [...userKeys.people(s), 'search', body] as const,
  list: (s: Scope | undefined) => [...userKeys.people(s), 'list'] as const,
  devices: (s: Scope | undefined, userId: string) => [...userKeys.all(s), 'devices', userId] as const,
  assignableRobots: (s: Scope | undefined) => [...userKeys.all(s), 'assignable-robots'] as const,
};
