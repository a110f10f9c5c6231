import { useSession } from '../session/session-store';
import { useMeQuery } from './people/me-query';
import type { Scope } from './query-scope';

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
