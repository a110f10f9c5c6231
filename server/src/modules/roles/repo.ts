import type { CustomRole, Permission } from '@fleet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roleAssignments, roles, users } from '../../db/schema/index.js';

/** The company's custom roles with their holders, by name. */
export async function findRoles(db: Db, companyId: string, onlyId?: string): Promise<CustomRole[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), onlyId ? eq(roles.id, onlyId) : undefined))
    .orderBy(asc(roles.name));
  if (!rows.length) return [];
  const holders = await db
    .select({
      roleId: roleAssignments.roleId,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(roleAssignments)
    .innerJoin(users, eq(users.id, roleAssignments.userId))
    .where(
      and(
        eq(roleAssignments.companyId, companyId),
        inArray(
          roleAssignments.roleId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions as Permission[],
    holders: holders
      .filter((h) => h.roleId === r.id)
      .map(({ id, firstName, lastName, email }) => ({ id, firstName, lastName, email })),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** Custom role ids per person in a company. */
export async function customRoleIdsOf(
  db: Db,
  companyId: string,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: roleAssignments.userId, roleId: roleAssignments.roleId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.companyId, companyId), inArray(roleAssignments.userId, userIds)));
  for (const r of rows) map.get(r.userId)?.push(r.roleId);
  return map;
}
