import type { CustomRole } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { EMPTY_ROLE, roleFormValuesOf, toCreateRoleBody, toEditRoleBody } from './role-form.utils';

const role: CustomRole = {
  id: '00000000-0000-4000-8000-0000000000r1',
  name: 'Auditors',
  description: 'Read the log',
  permissions: ['audit.read'],
  holders: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('role form', () => {
  it('trims the name and description of a new role', () => {
    expect(toCreateRoleBody({ ...EMPTY_ROLE, name: '  Night shift ', description: ' ' })).toEqual({
      name: 'Night shift',
      description: '',
      permissions: [],
    });
  });

  it('edits a role with every field of the form, its permissions included', () => {
    const values = roleFormValuesOf(role);
    expect(toEditRoleBody(role.id, { ...values, permissions: [] })).toEqual({
      id: role.id,
      name: 'Auditors',
      description: 'Read the log',
      permissions: [],
    });
  });

  it('copies the permissions, so ticking the matrix never changes the cached role', () => {
    const values = roleFormValuesOf(role);
    values.permissions.push('people.read');
    expect(role.permissions).toEqual(['audit.read']);
  });
});
