import { allowedActions, type CustomRole } from '@fleet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { actorOf, authorize } from '../../auth/authorize.js';
import type { Db } from '../../db/client.js';
import { memberships, roleAssignments, roles } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { findRoles } from './repo.js';

type RoleRouteId = 'listRoles' | 'createRole' | 'editRole' | 'deleteRole' | 'assignRole' | 'myPermissions';

export function roleHandlers(services: Services): Handlers<RoleRouteId> {
  const { dir } = services;

  async function one(db: Db, companyId: string, id: string): Promise<CustomRole> {
    const [role] = await findRoles(db, companyId, id);
    if (!role) throw notFound('role');
    return role;
  }

  return {
    listRoles: async (_input, { session }) => {
      authorize(session, 'people.read');
      return findRoles(dir, session.companyId);
    },
    createRole: async ({ body }, { session, ip }) => {
      authorize(session, 'roles.manage');
      try {
        return await dir.transaction(async (tx) => {
          const [row] = await tx
            .insert(roles)
            .values({ companyId: session.companyId, ...body })
            .returning({ id: roles.id });
          if (!row) throw new Error('role not created');
          await audit(tx, session, ip, 'role.create', row.id, {
            name: body.name,
            permissions: body.permissions,
          });
          return one(tx, session.companyId, row.id);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`body.name: a role named ${body.name} exists already`);
        throw err;
      }
    },
    editRole: async ({ body }, { session, ip }) => {
      authorize(session, 'roles.manage');
      const { id, ...changes } = body;
      try {
        return await dir.transaction(async (tx) => {
          const updated = await tx
            .update(roles)
            .set({ ...changes, updatedAt: sql`now()` })
            .where(and(eq(roles.id, id), eq(roles.companyId, session.companyId)))
            .returning({ id: roles.id });
          if (!updated.length) throw notFound('role');
          await audit(tx, session, ip, 'role.edit', id, changes);
          return one(tx, session.companyId, id);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`body.name: a role named ${changes.name} exists already`);
        throw err;
      }
    },
    deleteRole: async ({ params }, { session, ip }) => {
      authorize(session, 'roles.manage');
      await dir.transaction(async (tx) => {
        const gone = await tx
          .delete(roles)
          .where(and(eq(roles.id, params.id), eq(roles.companyId, session.companyId)))
          .returning({ name: roles.name });
        if (!gone.length) throw notFound('role');
        await audit(tx, session, ip, 'role.delete', params.id, { name: gone[0]?.name });
      });
      return null;
    },
    assignRole: async ({ body }, { session, ip }) => {
      authorize(session, 'roles.manage');
      const userIds = [...new Set(body.userIds)];
      return dir.transaction(async (tx) => {
        await one(tx, session.companyId, body.roleId);
        if (userIds.length) {
          const members = await tx
            .select({ id: memberships.userId })
            .from(memberships)
            .where(and(eq(memberships.companyId, session.companyId), inArray(memberships.userId, userIds)));
          if (members.length !== userIds.length) throw notFound('person');
        }
        await tx.delete(roleAssignments).where(eq(roleAssignments.roleId, body.roleId));
        if (userIds.length) {
          await tx
            .insert(roleAssignments)
            .values(userIds.map((userId) => ({ roleId: body.roleId, userId, companyId: session.companyId })));
        }
        await audit(tx, session, ip, 'role.assign', body.roleId, { userIds });
        return one(tx, session.companyId, body.roleId);
      });
    },
    myPermissions: async (_input, { session }) => ({
      role: session.role,
      isSuperAdmin: session.isSuperAdmin,
      granted: session.granted,
      actions: allowedActions(actorOf(session)),
    }),
  };
}
