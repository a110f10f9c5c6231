import type { Scope } from '../query-scope';

export const roleKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'roles'] as const,
  list: (s: Scope | undefined) => [...roleKeys.all(s), 'list'] as const,
  /** What the signed-in person may do in this company: every button and tab is decided from it. */
  permissions: (s: Scope | undefined) =>
    [s?.region ?? 'none', s?.companyId ?? 'none', 'permissions'] as const,
};
