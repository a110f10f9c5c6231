import type { Scope } from '../query-scope';

export const deviceKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'devices'] as const,
  probe: (s: Scope | undefined) => [...deviceKeys.all(s), 'probe'] as const,
  search: (s: Scope | undefined, body: unknown) => [...deviceKeys.all(s), 'search', body] as const,
  detail: (s: Scope | undefined, id: string) => [...deviceKeys.all(s), 'detail', id] as const,
  events: (s: Scope | undefined, id: string, length: number) =>
    [...deviceKeys.allEvents(s, id), length] as const,
  /** Every page length of a device's timeline. */
  allEvents: (s: Scope | undefined, id: string) => [...deviceKeys.all(s), 'events', id] as const,
  calls: (s: Scope | undefined, id: string) => [...deviceKeys.all(s), 'calls', id] as const,
};
