import type { Scope } from '../query-scope';

export const companyKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'companies'] as const,
  ones: (s: Scope | undefined, name: string) => [...companyKeys.all(s), 'ones', name] as const,
  deviceOwners: (s: Scope | undefined, deviceName: string) =>
    [...companyKeys.all(s), 'deviceOwners', deviceName] as const,
  /** The probe (menu entry) and the paged list both live under this key. */
  subsidiaries: (s: Scope | undefined) => [...companyKeys.all(s), 'subsidiaries'] as const,
  subsidiaryProbe: (s: Scope | undefined) => [...companyKeys.subsidiaries(s), 'probe'] as const,
  subsidiaryPage: (s: Scope | undefined, body: object) =>
    [...companyKeys.subsidiaries(s), 'page', body] as const,
};
