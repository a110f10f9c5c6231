import {
  type Action,
  type Actor,
  type Area,
  can,
  hasPermission,
  type Permission,
  type Target,
} from '@fleet/contract';

/** The contract's decision, with its reason as a translation key of the `common` namespace. */
export type Explained =
  | { allowed: true }
  | { allowed: false; reasonKey: string; permission?: Permission; pending?: true };

const OWNER_ONLY: Partial<Record<Action, string>> = {
  'roles.manage': 'access.denied.rolesManage',
  'admins.manage': 'access.denied.adminsManage',
  'owner.transfer': 'access.denied.ownerTransfer',
  'sso.manage': 'access.denied.ssoManage',
  'apps.manage': 'access.denied.appsManage',
};

/**
 * Asks the contract's `can()` (the server asks the same function) and names why it refused. The contract's
 * own reasons are English sentences for logs; the console needs them in the user's language.
 */
export function explain(actor: Actor | undefined, action: Action, target?: Target): Explained {
  if (!actor) return { allowed: false, reasonKey: 'access.pending', pending: true };
  if (can(actor, action, target).allowed) return { allowed: true };
  if (action.startsWith('audio.') && actor.enableAudio !== true) {
    return { allowed: false, reasonKey: 'access.denied.audioDisabled' };
  }
  const ownerOnly = OWNER_ONLY[action];
  if (ownerOnly) return { allowed: false, reasonKey: ownerOnly };
  const permission: Permission = action === 'people.assignRobots' ? 'people.manage' : (action as Permission);
  if (!hasPermission(actor, permission)) {
    return { allowed: false, reasonKey: 'access.denied.permission', permission };
  }
  // Allowed in general, refused for this target: an administrator facing the owner or another admin.
  return { allowed: false, reasonKey: 'access.denied.ownerOrAdmin' };
}

/** `people.manage` → its area and level, for "Your role does not allow managing people". */
export function splitPermission(p: Permission): { area: Area; level: string } {
  const [area, level] = p.split('.') as [Area, string];
  return { area, level };
}
