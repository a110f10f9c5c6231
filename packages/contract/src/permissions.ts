import type { Role } from './people.js';

/**
 * What someone may do inside the company they are signed in to. One pure function, used by every
 * server route and by the console's menus and buttons.
 */
export const ACTIONS = [
  'people.read',
  'people.manage',
  'people.assignRobots',
  'admins.manage',
  'owner.transfer',
  'buildings.read',
  'buildings.manage',
  'devices.read',
  'devices.manage',
  'subsidiaries.read',
  'sso.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface Actor {
  id: string;
  role: Role;
  isSuperAdmin: boolean;
}

/** The person acted upon, when there is one. */
export interface Target {
  id: string;
  role: Role;
}

export interface Decision {
  allowed: boolean;
  reason: string;
}

const allow: Decision = { allowed: true, reason: 'allowed' };
const deny = (reason: string): Decision => ({ allowed: false, reason });

const MANAGERS: readonly Role[] = ['owner', 'admin'];

export function can(actor: Actor, action: Action, target?: Target): Decision {
  switch (action) {
    case 'people.read':
    case 'buildings.read':
    case 'devices.read':
    case 'subsidiaries.read':
      return allow;
    case 'buildings.manage':
    case 'devices.manage':
      return MANAGERS.includes(actor.role) ? allow : deny('Only an owner or administrator may change this');
    case 'people.manage':
    case 'people.assignRobots':
      if (!MANAGERS.includes(actor.role)) return deny('Only an owner or administrator may manage people');
      if (actor.role === 'admin' && target && target.id !== actor.id && target.role !== 'staff') {
        return deny('An administrator manages staff only, not the owner or other administrators');
      }
      return allow;
    case 'admins.manage':
      return actor.role === 'owner' ? allow : deny('Only the owner may appoint or remove administrators');
    case 'owner.transfer':
      return actor.role === 'owner' ? allow : deny('Only the owner may transfer ownership');
    case 'sso.manage':
      return actor.isSuperAdmin ? allow : deny('Only a super admin may change single sign-on');
  }
}
