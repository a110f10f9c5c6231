import { type Action, type Actor, can } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  type AccessContext,
  checkAccess,
  checkPermission,
  heldByEveryRole,
  type PermissionCheck,
} from './access';

const rightsOf =
  (actor: Actor): PermissionCheck =>
  (action) => ({ allowed: can(actor, action).allowed, pending: false });
const pending: PermissionCheck = () => ({ allowed: false, pending: true });

const staff: Actor = { id: 's', role: 'staff', isSuperAdmin: false };
const admin: Actor = { id: 'a', role: 'admin', isSuperAdmin: false };
const superAdmin: Actor = { ...staff, isSuperAdmin: true };
const subsidiaryManager: Actor = { ...staff, granted: ['companies.manage'] };

describe('heldByEveryRole', () => {
  it.each([
    ['robots.read', true],
    ['people.read', true],
    ['companies.read', true],
    ['lifts.read', true],
    ['companies.manage', false],
    ['audit.read', false],
    ['roles.manage', false],
    ['sso.manage', false],
  ] as const)('%s → %s', (action, expected) => {
    expect(heldByEveryRole(action)).toBe(expected);
  });
});

describe('checkPermission', () => {
  it.each<[string, AccessContext['can'], Action, string]>([
    ['rights not asked yet, a right every role holds', undefined, 'people.read', 'allow'],
    ['rights not asked yet, a right some roles lack', undefined, 'companies.manage', 'pending'],
    ['rights loading, a right every role holds', pending, 'robots.read', 'allow'],
    ['rights loading, a right some roles lack', pending, 'sso.manage', 'pending'],
    ['staff managing subsidiaries', rightsOf(staff), 'companies.manage', 'deny'],
    ['an administrator managing subsidiaries', rightsOf(admin), 'companies.manage', 'allow'],
    [
      'staff given companies.manage by a custom role',
      rightsOf(subsidiaryManager),
      'companies.manage',
      'allow',
    ],
    ['an administrator and single sign-on', rightsOf(admin), 'sso.manage', 'deny'],
    ['a super admin and single sign-on', rightsOf(superAdmin), 'sso.manage', 'allow'],
  ])('%s → %s', (_, rights, action, expected) => {
    expect(checkPermission(action, { can: rights })).toBe(expected);
  });
});

describe('checkAccess adminView (SHELL-ADMIN-VIEW: not on a partner domain)', () => {
  it.each([
    [{ adminView: true }, 'allow'],
    [{ adminView: false }, 'deny'],
    [{}, 'pending'],
  ] as const)('%j → %s', (ctx, expected) => {
    expect(checkAccess('adminView', ctx)).toBe(expected);
  });
});
