import type { Scope } from '../query-scope';

export const liftKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'lifts'] as const,
  gateways: (s: Scope | undefined) => [...liftKeys.all(s), 'gateways'] as const,
  /** Every building's banks, whatever the building. */
  allBanks: (s: Scope | undefined) => [...liftKeys.all(s), 'banks'] as const,
  banks: (s: Scope | undefined, buildingId: string) => [...liftKeys.allBanks(s), buildingId] as const,
  events: (s: Scope | undefined, liftId: string, filter: object) =>
    [...liftKeys.all(s), 'events', liftId, filter] as const,
  history: (s: Scope | undefined, bankId: string) => [...liftKeys.all(s), 'history', bankId] as const,
  /** The company's robots as choices for a bank's policy. */
  robotChoices: (s: Scope | undefined) => [...liftKeys.all(s), 'robotChoices'] as const,
};
