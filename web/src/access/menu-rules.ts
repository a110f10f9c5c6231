import type { RouteEntry } from '../routes';
import { type AccessContext, checkAccess, deniedTarget } from './access';

export type MenuEntry = RouteEntry & { menu: NonNullable<RouteEntry['menu']> };

/**
 * Spec §2 menu: Robots, Buildings, Analysis, Personnel and App for everyone; Devices third when the company
 * has a mini device; Elevator, Audio and Subsidiaries by their rules. An entry whose rule is still pending
 * stays hidden rather than appearing and vanishing.
 */
export function visibleMenu(routes: readonly RouteEntry[], ctx: AccessContext): MenuEntry[] {
  return routes
    .filter((r): r is MenuEntry => r.menu !== undefined && checkAccess(r.access, ctx) === 'allow')
    .sort((a, b) => a.menu.order - b.menu.order);
}

export type RouteDecision = { kind: 'allow' } | { kind: 'pending' } | { kind: 'redirect'; to: string };

/** What the guard of a main-layout screen does with the current context. */
export function decideRoute(entry: Pick<RouteEntry, 'access'>, ctx: AccessContext): RouteDecision {
  const verdict = checkAccess(entry.access, ctx);
  if (verdict === 'allow') return { kind: 'allow' };
  if (verdict === 'pending') return { kind: 'pending' };
  return { kind: 'redirect', to: deniedTarget(entry.access) };
}
