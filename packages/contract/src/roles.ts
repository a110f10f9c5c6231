import { z } from 'zod';
import { idParam, nothing } from './envelope.js';
import { role } from './people/index.js';
import { PERMISSIONS, type Permission } from './permissions.js';
import { defineRoute } from './route.js';
import { text } from './text.js';

// Declared here, not beside PERMISSIONS: permissions.ts stays free of zod (see there).
export const permission = z.custom<Permission>(
  (v) => typeof v === 'string' && (PERMISSIONS as string[]).includes(v),
  'not a permission of the matrix',
);

export const roleName = text({ min: 1, max: 60 });

export const roleHolder = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const customRole = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(permission),
  holders: z.array(roleHolder),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CustomRole = z.infer<typeof customRole>;

const permissions = z
  .array(permission)
  .max(PERMISSIONS.length)
  .refine((list) => new Set(list).size === list.length, 'a permission is listed twice');

export const createRoleBody = z.object({
  name: roleName,
  description: text({ max: 300 }).default(''),
  permissions,
});
export const editRoleBody = z.object({
  id: z.uuid(),
  name: roleName.optional(),
  description: text({ max: 300 }).optional(),
  permissions: permissions.optional(),
});

/** What the signed-in person may do here: the console shows menus and buttons from it. */
export const myPermissions = z.object({
  role,
  isSuperAdmin: z.boolean(),
  granted: z.array(permission),
  actions: z.array(z.string()),
});

export const roleRoutes = {
  listRoles: defineRoute({
    id: 'listRoles',
    method: 'GET',
    path: '/opt/v1/role/list',
    auth: 'user',
    area: 'roles',
    summary: 'The company’s custom roles with their permissions and who holds each',
    data: z.array(customRole),
  }),
  createRole: defineRoute({
    id: 'createRole',
    method: 'POST',
    path: '/opt/v1/role',
    auth: 'user',
    area: 'roles',
    summary: 'Create a custom role from the permission matrix (owner only)',
    body: createRoleBody,
    data: customRole,
  }),
  editRole: defineRoute({
    id: 'editRole',
    method: 'PUT',
    path: '/opt/v1/role',
    auth: 'user',
    area: 'roles',
    summary:
      'Rename a custom role or change its permissions; holders are affected on their next request (owner only)',
    body: editRoleBody,
    data: customRole,
  }),
  deleteRole: defineRoute({
    id: 'deleteRole',
    method: 'DELETE',
    path: '/opt/v1/role/:id',
    auth: 'user',
    area: 'roles',
    summary: 'Delete a custom role; its holders lose its permissions at once (owner only)',
    params: idParam,
    data: nothing,
  }),
  assignRole: defineRoute({
    id: 'assignRole',
    method: 'POST',
    path: '/opt/v1/role/assign',
    auth: 'user',
    area: 'roles',
    summary: 'Set who holds a custom role (owner only)',
    body: z.object({ roleId: z.uuid(), userIds: z.array(z.uuid()).max(1000, 'at most 1000 people') }),
    data: customRole,
  }),
  myPermissions: defineRoute({
    id: 'myPermissions',
    method: 'GET',
    path: '/opt/v1/user/permissions',
    auth: 'user',
    area: 'roles',
    summary: 'What the signed-in person may do in the token’s company',
    data: myPermissions,
  }),
};
