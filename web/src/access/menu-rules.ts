import type { RouteEntry } from '../router/route-entry';
import {
  type AccessContext,
  checkAccess,
  checkPermission,
  deniedTarget,
  UNAUTHORISED_PATH,
  type Verdict,
} from './access';

export type MenuEntry = RouteEntry & { menu: NonNullable<RouteEntry['menu']> };

type Guarded = Pick<RouteEntry, 'access' | 'permission'>;

/** A screen opens when its data condition holds and the caller's rights allow its permission. */
function checkScreen(entry: Guarded, ctx: AccessContext): Verdict {
  const data = checkAccess(entry.access, ctx);
  const rights = entry.permission ? checkPermission(entry.permission, ctx) : 'allow';
  if (data === 'deny' || rights === 'deny') return 'deny';
  if (data === 'pending' || rights === 'pending') return 'pending';
  return 'allow';
}

/**
 * SHELL-MENU-ORDER, SHELL-MENU-DEVICES: Robots, Buildings, Analysis, Personnel and App for everyone; Devices third when the company
 * has a mini device; Elevator, Audio and Subsidiaries by their rules. An entry whose rule is still pending
 * stays hidden rather than appearing and vanishing.
 */
export function visibleMenu(routes: readonly RouteEntry[], ctx: AccessContext): MenuEntry[] {
  return routes
    .filter((r): r is MenuEntry => r.menu !== undefined && checkScreen(r, ctx) === 'allow')
    .sort((a, b) => a.menu.order - b.menu.order);
}

export type RouteDecision = { kind: 'allow' } | { kind: 'pending' } | { kind: 'redirect'; to: string };

/**
 * What the guard of a main-layout screen does with the current context. A refusal by the user's rights is the
 * 401 page; a refusal by the data condition goes where that condition says (SHELL-MENU-REDIRECT).
 */
export function decideRoute(entry: Guarded, ctx: AccessContext): RouteDecision {
  if (entry.permission && checkPermission(entry.permission, ctx) === 'deny') {
    return { kind: 'redirect', to: UNAUTHORISED_PATH };
  }
  const verdict = checkScreen(entry, ctx);
  if (verdict === 'allow') return { kind: 'allow' };
  if (verdict === 'pending') return { kind: 'pending' };
  return { kind: 'redirect', to: deniedTarget(entry.access) };
}
