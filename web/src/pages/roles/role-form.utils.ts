import type { CustomRole, Permission } from '@fleet/contract';
import type { CreateRoleInput } from '../../api/roles/role-create-mutation';
import type { EditRoleInput } from '../../api/roles/role-edit-mutation';

export interface RoleFormValues {
  name: string;
  description: string;
  permissions: Permission[];
}

export const EMPTY_ROLE: RoleFormValues = { name: '', description: '', permissions: [] };

/** Body field → form field, for the server's `body.<field>: reason` complaints. */
export const ROLE_FORM_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  description: 'description',
  permissions: 'permissions',
};

export function roleFormValuesOf(role: CustomRole): RoleFormValues {
  return { name: role.name, description: role.description, permissions: [...role.permissions] };
}

export function toCreateRoleBody(values: RoleFormValues): CreateRoleInput {
  return {
    name: values.name.trim(),
    description: (values.description ?? '').trim(),
    permissions: values.permissions ?? [],
  };
}

export function toEditRoleBody(id: string, values: RoleFormValues): EditRoleInput {
  return { id, ...toCreateRoleBody(values) };
}
