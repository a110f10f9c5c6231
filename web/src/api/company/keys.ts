import type { Scope } from '../scope';

export const companyKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'company'] as const,
  ones: (s: Scope | undefined, name: string) => [...companyKeys.all(s), 'ones', name] as const,
  subsidiaryProbe: (s: Scope | undefined) => [...companyKeys.all(s), 'subsidiaries', 'probe'] as const,
};
