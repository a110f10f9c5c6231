import { type Action, can, type Me, ROLES } from '@fleet/contract';

/**
 * The data condition of a screen and its menu entry (SHELL-MENU-REDIRECT): what the company has or the user was given,
 * not what their role permits. Permissions are asked separately, through `useCan()`, and both the side menu
 * and the route guards combine the two the same way (menu-rules.ts).
 */
export type AccessRule =
  | 'public'
  | 'signedIn'
  | 'hasMiniDevices'
  | 'hasSubsidiaries'
  | 'superCompanyMember'
  | 'audio'
  | 'adminView';

/** The caller's rights for one action, as `useCan()` answers it. */
export type PermissionCheck = (action: Action) => { allowed: boolean; pending: boolean };

export interface AccessContext {
  /** Undefined until `me` answers. */
  user?: Me | undefined;
  /** From the client config; false on a partner domain. Undefined until it answers. */
  adminView?: boolean | undefined;
  /** Totals of the pageLength-1 probes; undefined until they answer. */
  miniDeviceTotal?: number | undefined;
  subsidiaryTotal?: number | undefined;
  /** `useCan()`; undefined reads as "not answered yet". */
  can?: PermissionCheck | undefined;
}

export type Verdict = 'allow' | 'deny' | 'pending';

/** Where a screen the user's rights do not open sends them. */
export const UNAUTHORISED_PATH = '/error/401';

const verdict = (known: boolean | undefined): Verdict =>
  known === undefined ? 'pending' : known ? 'allow' : 'deny';

export function checkAccess(rule: AccessRule, ctx: AccessContext): Verdict {
  switch (rule) {
    case 'public':
    case 'signedIn':
      return 'allow';
    case 'hasMiniDevices':
      return verdict(ctx.miniDeviceTotal === undefined ? undefined : ctx.miniDeviceTotal > 0);
    case 'hasSubsidiaries':
      return verdict(ctx.subsidiaryTotal === undefined ? undefined : ctx.subsidiaryTotal > 0);
    case 'superCompanyMember':
      return verdict(ctx.user?.isSuperCompanyMember);
    case 'audio':
      return verdict(ctx.user?.enableAudio);
    case 'adminView':
      return verdict(ctx.adminView);
  }
}

/**
 * Whether every built-in role may take the action, whoever holds it and whatever custom roles add: rights
 * only ever add up, so no answer can refuse it. Such an action never keeps a screen or an entry waiting for
 * the rights to load.
 */
export function heldByEveryRole(action: Action): boolean {
  // enableAudio is the person's, not the role's: the audio screens' own rule ('audio') checks it.
  return ROLES.every((role) => can({ id: '', role, isSuperAdmin: false, enableAudio: true }, action).allowed);
}

export function checkPermission(action: Action, ctx: AccessContext): Verdict {
  const answer = ctx.can?.(action);
  if (answer?.allowed) return 'allow';
  if (answer && !answer.pending) return 'deny';
  return heldByEveryRole(action) ? 'allow' : 'pending';
}

/**
 * Where a screen refused for its data condition sends the user. SHELL-MENU-REDIRECT: a company without subsidiaries or
 * mini devices goes back to /robots (nothing is wrong, there is just nothing there); anything else is the
 * 401 page.
 */
export function deniedTarget(rule: AccessRule): string {
  return rule === 'hasMiniDevices' || rule === 'hasSubsidiaries' ? '/robots' : UNAUTHORISED_PATH;
}
