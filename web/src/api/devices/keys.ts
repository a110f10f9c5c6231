import type { Scope } from '../query-scope';

export const deviceKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'devices'] as const,
  probe: (s: Scope | undefined) => [...deviceKeys.all(s), 'probe'] as const,
};
