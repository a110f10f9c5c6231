import type { Scope } from '../query-scope';

export const ssoKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'sso'] as const,
  config: (s: Scope | undefined) => [...ssoKeys.all(s), 'config'] as const,
};
