import type { Actor, Target } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { explain, splitPermission } from './can-explain';

const owner: Actor = { id: 'o', role: 'owner', isSuperAdmin: false };
const admin: Actor = { id: 'a', role: 'admin', isSuperAdmin: false };
const staff: Actor = { id: 's', role: 'staff', isSuperAdmin: false };
const auditor: Actor = { ...staff, granted: ['audit.read'] };

const person = (id: string, role: 'owner' | 'admin' | 'staff'): Target => ({ kind: 'person', id, role });

describe('explain', () => {
  it.each([
    ['nobody known yet', undefined, 'people.read', undefined, 'access.pending'],
    ['owner manages the owner row', owner, 'people.manage', person('x', 'admin'), null],
    ['admin manages staff', admin, 'people.manage', person('x', 'staff'), null],
    ['admin edits themselves', admin, 'people.manage', person('a', 'admin'), null],
    ['admin and the owner', admin, 'people.manage', person('o', 'owner'), 'access.denied.ownerOrAdmin'],
    ['admin and another admin', admin, 'people.manage', person('b', 'admin'), 'access.denied.ownerOrAdmin'],
    [
      'admin assigning robots to the owner',
      admin,
      'people.assignRobots',
      person('o', 'owner'),
      'access.denied.ownerOrAdmin',
    ],
    ['staff managing people', staff, 'people.manage', undefined, 'access.denied.permission'],
    [
      'staff assigning robots',
      staff,
      'people.assignRobots',
      person('x', 'staff'),
      'access.denied.permission',
    ],
    ['staff reading the audit log', staff, 'audit.read', undefined, 'access.denied.permission'],
    ['staff with a custom role reading the audit log', auditor, 'audit.read', undefined, null],
    ['admin managing roles', admin, 'roles.manage', undefined, 'access.denied.rolesManage'],
    ['admin appointing admins', admin, 'admins.manage', undefined, 'access.denied.adminsManage'],
    ['admin transferring ownership', admin, 'owner.transfer', undefined, 'access.denied.ownerTransfer'],
    ['owner transferring ownership', owner, 'owner.transfer', undefined, null],
    ['owner and single sign-on', owner, 'sso.manage', undefined, 'access.denied.ssoManage'],
  ] as const)('%s', (_, actor, action, target, reasonKey) => {
    const result = explain(actor, action, target);
    expect(result.allowed).toBe(reasonKey === null);
    if (!result.allowed) expect(result.reasonKey).toBe(reasonKey);
  });

  it('names the missing permission, reading assign-robots as managing people', () => {
    expect(explain(staff, 'people.assignRobots')).toMatchObject({ permission: 'people.manage' });
    expect(explain(staff, 'companies.manage')).toMatchObject({ permission: 'companies.manage' });
  });

  it('splits a permission into area and level', () => {
    expect(splitPermission('robots.operate')).toEqual({ area: 'robots', level: 'operate' });
  });
});
