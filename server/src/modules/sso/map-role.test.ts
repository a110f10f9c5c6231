import { describe, expect, it } from 'vitest';
import { roleFromGroups, syncedRole } from './map-role.js';

const mapping = {
  groupRoles: [
    { group: 'fleet-admins', role: 'admin' as const },
    { group: 'operators', role: 'staff' as const },
  ],
  defaultRole: 'staff' as const,
  strict: false,
};

describe('a provider’s groups give a role', () => {
  it('the highest mapped role wins', () => {
    expect(roleFromGroups(['operators', 'fleet-admins'], mapping)).toBe('admin');
    expect(roleFromGroups(['operators'], mapping)).toBe('staff');
  });
  it('no match gives the default role, or nothing in strict mode', () => {
    expect(roleFromGroups(['cleaners'], { ...mapping, defaultRole: 'admin' })).toBe('admin');
    expect(roleFromGroups([], { ...mapping, strict: true })).toBeNull();
  });
});

describe('a role raised by hand is never lowered by sync', () => {
  it('a hand-set admin stays admin when the groups say staff', () => {
    expect(syncedRole({ role: 'admin', roleBySso: false }, 'staff')).toEqual({
      role: 'admin',
      roleBySso: false,
    });
  });
  it('a hand-set staff is raised by an admin group, and the raise then follows the groups', () => {
    const raised = syncedRole({ role: 'staff', roleBySso: false }, 'admin');
    expect(raised).toEqual({ role: 'admin', roleBySso: true });
    expect(syncedRole(raised, 'staff')).toEqual({ role: 'staff', roleBySso: true });
  });
  it('the owner is never changed', () => {
    expect(syncedRole({ role: 'owner', roleBySso: false }, 'staff').role).toBe('owner');
    expect(syncedRole({ role: 'owner', roleBySso: true }, 'staff').role).toBe('owner');
  });
});
