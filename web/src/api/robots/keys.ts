import type { Scope } from '../query-scope';

/** The robot list itself is live (/live), not cached: only what the socket does not carry is queried. */
export const robotKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'robots'] as const,
  names: (s: Scope | undefined) => [...robotKeys.all(s), 'names'] as const,
  commands: (s: Scope | undefined, robotId: string) => [...robotKeys.all(s), 'commands', robotId] as const,
  history: (s: Scope | undefined, robotId: string, hours: number) =>
    [...robotKeys.all(s), 'history', robotId, hours] as const,
};
