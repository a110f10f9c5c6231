import type { Scope } from '../query-scope';

export const liftKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'lifts'] as const,
  gateways: (s: Scope | undefined) => [...liftKeys.all(s), 'gateways'] as const,
  /** Every building's banks, whatever the building. */
  allBanks: (s: Scope | undefined) => [...liftKeys.all(s), 'banks'] as const,
  banks: (s: Scope | undefined, buildingId: string) => [...liftKeys.allBanks(s), buildingId] as const,
};
