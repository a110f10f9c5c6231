/**
 * What someone may do inside the company they are signed in to: one pure function, used by every server
 * route and by the console's menus, buttons and routes.
 *
 * Rights come from the built-in role (owner, admin, staff) plus any custom roles the owner gave the person:
 * sets of permissions chosen from a matrix of area × level.
 *
 * This module imports nothing, zod included: the console's main layout asks `can()` on every signed-in
 * screen, and any schema declared here would bring zod (25 KB gzip) along. The schemas built from these
 * constants live beside their use (`role` in people.ts, `permission` in roles.ts).
 */
export const ROLES = ['owner', 'admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const AREAS = [
  'people',
  'robots',
  'buildings',
  'devices',
  'lifts',
  'audio',
  'analysis',
  'companies',
  'audit',
] as const;
export type Area = (typeof AREAS)[number];

export const LEVELS = ['read', 'manage', 'operate'] as const;
export type Level = (typeof LEVELS)[number];

/** The levels that mean something for each area: only things that move can be operated. */
export const AREA_LEVELS: Record<Area, readonly Level[]> = {
  people: ['read', 'manage'],
  robots: ['read', 'manage', 'operate'],
  buildings: ['read', 'manage'],
  devices: ['read', 'manage'],
  lifts: ['read', 'manage', 'operate'],
  audio: ['read', 'manage', 'operate'],
  analysis: ['read', 'manage'],
  companies: ['read', 'manage'],
  audit: ['read'],
};

export type Permission = `${Area}.${Level}`;
export const PERMISSIONS = AREAS.flatMap((a) => AREA_LEVELS[a].map((l) => `${a}.${l}` as Permission));

/**
 * Actions outside the matrix that no custom role can grant, so nobody can give themselves more than the
 * owner allowed: role management, appointing administrators and transferring ownership belong to the owner;
 * single sign-on to super admins.
 */
export const OWNER_ACTIONS = ['roles.manage', 'admins.manage', 'owner.transfer'] as const;
export type Action =
  | Permission
  | (typeof OWNER_ACTIONS)[number]
  | 'sso.manage'
  | 'apps.manage'
  | 'people.assignRobots';

const READS: Permission[] = ['people.read', 'robots.read', 'buildings.read', 'devices.read', 'analysis.read'];

export const BUILT_IN: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  admin: PERMISSIONS,
  staff: [...READS, 'companies.read', 'lifts.read', 'audio.read'],
};

export interface Actor {
  id: string;
  role: Role;
  isSuperAdmin: boolean;
  /** Granted by custom roles in this company. */
  granted?: readonly Permission[];
  /** Audio is granted per person (spec: the audio menu needs enableAudio): without it no audio right counts. */
  enableAudio?: boolean;
}

/** What is acted upon, when the answer depends on it. */
export type Target =
  | { kind: 'person'; id: string; role: Role }
  | { kind: 'robot'; assignedUserIds: readonly string[] };

export interface Decision {
  allowed: boolean;
  reason: string;
}

const allow: Decision = { allowed: true, reason: 'allowed' };
const deny = (reason: string): Decision => ({ allowed: false, reason });

export function hasPermission(actor: Actor, p: Permission): boolean {
  return actor.isSuperAdmin || BUILT_IN[actor.role].includes(p) || (actor.granted?.includes(p) ?? false);
}

export function can(actor: Actor, action: Action, target?: Target): Decision {
  switch (action) {
    case 'sso.manage':
      return actor.isSuperAdmin ? allow : deny('Only a super admin may change single sign-on');
    // An application's key acts on robots with nobody watching: only those who may do everything hand one out,
    // and no custom role can grant it.
    case 'apps.manage':
      return actor.isSuperAdmin || actor.role !== 'staff'
        ? allow
        : deny('Only the owner and administrators may manage API applications');
    case 'roles.manage':
      return actor.role === 'owner' ? allow : deny('Only the owner may manage roles');
    case 'admins.manage':
      return actor.role === 'owner' ? allow : deny('Only the owner may appoint or remove administrators');
    case 'owner.transfer':
      return actor.role === 'owner' ? allow : deny('Only the owner may transfer ownership');
    case 'people.assignRobots':
      return can(actor, 'people.manage', target);
  }
  if (action.startsWith('audio.') && actor.enableAudio !== true) {
    return deny('Audio is not enabled for you in this company');
  }
  if (target?.kind === 'robot' && action === 'robots.operate' && target.assignedUserIds.includes(actor.id)) {
    return allow;
  }
  if (!hasPermission(actor, action)) return deny(`Your role does not allow ${action}`);
  if (
    action === 'people.manage' &&
    target?.kind === 'person' &&
    target.role !== 'staff' &&
    target.id !== actor.id &&
    actor.role !== 'owner'
  ) {
    return deny('Only the owner manages the owner and administrators');
  }
  return allow;
}

/** Every action the actor may take regardless of target: what the console uses for menus and buttons. */
export function allowedActions(actor: Actor): Action[] {
  const candidates: Action[] = [...PERMISSIONS, ...OWNER_ACTIONS, 'sso.manage', 'apps.manage'];
  return candidates.filter((a) => can(actor, a).allowed);
}
