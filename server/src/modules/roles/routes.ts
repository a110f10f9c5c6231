import { allowedActions } from '@fleet/contract';
import { actorOf, authorize } from '../../auth/authorize.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { assignRole, createRole, editRole, removeRole } from './change-roles.js';
import { findRoles } from './repo.js';

type RoleRouteId = 'listRoles' | 'createRole' | 'editRole' | 'deleteRole' | 'assignRole' | 'myPermissions';

export function roleHandlers(services: Services): Handlers<RoleRouteId> {
  const { dir } = services;

  return {
    listRoles: async (_input, { session }) => {
      authorize(session, 'people.read');
      return findRoles(dir, session.companyId);
    },
    createRole: ({ body }, { session, ip }) => createRole(dir, session, ip, body),
    editRole: ({ body }, { session, ip }) => editRole(dir, session, ip, body),
    deleteRole: async ({ params }, { session, ip }) => {
      await removeRole(dir, session, ip, params.id);
      return null;
    },
    assignRole: ({ body }, { session, ip }) => assignRole(dir, session, ip, body.roleId, body.userIds),
    myPermissions: async (_input, { session }) => ({
      role: session.role,
      isSuperAdmin: session.isSuperAdmin,
      granted: session.granted,
      actions: allowedActions(actorOf(session)),
    }),
  };
}
