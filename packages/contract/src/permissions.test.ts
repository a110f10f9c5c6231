import { describe, expect, it } from 'vitest';
import type { Role } from './people.js';
import { type Action, can } from './permissions.js';

const actor = (role: Role, isSuperAdmin = false) => ({ id: 'me', role, isSuperAdmin });
const person = (role: Role, id = 'other') => ({ id, role });

describe('can', () => {
  it.each<[Role, Action, boolean]>([
    ['staff', 'people.read', true],
    ['staff', 'people.manage', false],
    ['admin', 'people.manage', true],
    ['owner', 'people.manage', true],
    ['admin', 'admins.manage', false],
    ['owner', 'admins.manage', true],
    ['admin', 'owner.transfer', false],
    ['owner', 'owner.transfer', true],
    ['staff', 'devices.manage', false],
    ['admin', 'devices.manage', true],
    ['staff', 'buildings.read', true],
    ['owner', 'sso.manage', false],
  ])('%s may %s: %s', (role, action, expected) => {
    expect(can(actor(role), action).allowed).toBe(expected);
  });

  it('an administrator manages staff but not the owner or another administrator', () => {
    expect(can(actor('admin'), 'people.manage', person('staff')).allowed).toBe(true);
    expect(can(actor('admin'), 'people.manage', person('owner')).allowed).toBe(false);
    expect(can(actor('admin'), 'people.manage', person('admin')).allowed).toBe(false);
    expect(can(actor('admin'), 'people.manage', person('admin', 'me')).allowed).toBe(true);
  });

  it('a super admin manages single sign-on whatever the company role', () => {
    expect(can(actor('staff', true), 'sso.manage').allowed).toBe(true);
  });

  it('gives a reason when it refuses', () => {
    expect(can(actor('staff'), 'owner.transfer').reason).toMatch(/owner/);
  });
});
