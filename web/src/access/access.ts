import type { Me } from '@fleet/contract';

/**
 * Who may see a screen and its menu entry. One pure function answers for both the side menu and the route
 * guards, so they cannot disagree.
 */
export type AccessRule =
  | 'public'
  | 'signedIn'
  | 'hasMiniDevices'
  | 'hasSubsidiaries'
  | 'superCompanyMember'
  | 'audio'
  | 'ssoAdmin';

export interface AccessContext {
  /** Undefined until `me` answers. */
  user?: Me | undefined;
  /** From the client config; false on a partner domain. Undefined until it answers. */
  adminView?: boolean | undefined;
  /** Totals of the pageLength-1 probes; undefined until they answer. */
  miniDeviceTotal?: number | undefined;
  subsidiaryTotal?: number | undefined;
}

export type Verdict = 'allow' | 'deny' | 'pending';

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
    case 'ssoAdmin':
      if (ctx.user && !ctx.user.isSuperAdmin) return 'deny';
      if (ctx.adminView === false) return 'deny';
      return verdict(ctx.user && ctx.adminView !== undefined ? true : undefined);
  }
}

/**
 * Where a refused screen sends the user. Spec §2: a company without subsidiaries or mini devices goes back
 * to /robots (nothing is wrong, there is just nothing there); a missing permission is a 401 page.
 */
export function deniedTarget(rule: AccessRule): string {
  return rule === 'hasMiniDevices' || rule === 'hasSubsidiaries' ? '/robots' : '/error/401';
}
