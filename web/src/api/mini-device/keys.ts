import type { Scope } from '../scope';

export const miniDeviceKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'mini-device'] as const,
  probe: (s: Scope | undefined) => [...miniDeviceKeys.all(s), 'probe'] as const,
};
