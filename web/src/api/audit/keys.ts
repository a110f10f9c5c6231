import type { Scope } from '../query-scope';

export const auditKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'audit'] as const,
  search: (s: Scope | undefined, body: object) => [...auditKeys.all(s), 'search', body] as const,
};
