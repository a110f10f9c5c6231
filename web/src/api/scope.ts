import { useSession } from '../session/session-store';
import { useMeQuery } from './people/me-query';

/** Every company-owned query key starts with this pair, so one company's rows never answer another's. */
export interface Scope {
  region: string;
  companyId: string;
}

/** The stored region, or `home` (this page's server) before one is stored. */
export function useRegionKey(): string {
  return useSession((s) => s.regionInfo?.region ?? 'home');
}

/**
 * Known once `me` has answered; queries that need it wait (`enabled: scope !== undefined`). Keys built
 * before that say 'none' and belong to those disabled queries.
 */
export function useScope(): Scope | undefined {
  const region = useRegionKey();
  const companyId = useMeQuery().data?.companyId;
  return companyId ? { region, companyId } : undefined;
}
