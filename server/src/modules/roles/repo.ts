import type { CustomRole, Permission } from '@fleet/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { roleAssignments, roles } from '../../db/schema/index.js';
import { accountNames } from '../people/repo.js';

/** The company's custom roles with their holders, by name. */
export async function findRoles(db: Db, companyId: string, onlyId?: string): Promise<CustomRole[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), onlyId ? eq(roles.id, onlyId) : undefined))
    .orderBy(asc(roles.name));
  if (!rows.length) return [];
  const assignments = await db
    .select({ roleId: roleAssignments.roleId, userId: roleAssignments.userId })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.companyId, companyId),
        inArray(
          roleAssignments.roleId,
          rows.map((r) => r.id),
        ),
      ),
    );
  const names = await accountNames(
    db,
    assignments.map((a) => a.userId),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: r.permissions as Permission[],
    holders: names.filter((n) => assignments.some((a) => a.roleId === r.id && a.userId === n.id)),
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

type RoleValues = Pick<typeof roles.$inferInsert, 'name' | 'description' | 'permissions'>;

/** The new role's id. */
export async function insertRole(db: Db, companyId: string, values: RoleValues): Promise<string> {
  const [row] = await db
    .insert(roles)
    .values({ companyId, ...values })
    .returning({ id: roles.id });
  if (!row) throw new Error('role not created');
  return row.id;
}

/** False when the company has no such role. */
export async function updateRole(
  db: Db,
  companyId: string,
  id: string,
  changes: Partial<RoleValues>,
): Promise<boolean> {
  const updated = await db
    .update(roles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)))
    .returning({ id: roles.id });
  return updated.length > 0;
}

/** The removed role's name, or null when the company has no such role. */
export async function deleteRole(db: Db, companyId: string, id: string): Promise<string | null> {
  const [gone] = await db
    .delete(roles)
    .where(and(eq(roles.id, id), eq(roles.companyId, companyId)))
    .returning({ name: roles.name });
  return gone?.name ?? null;
}

/** The role is held by exactly these people of the company from now on. */
export async function replaceRoleHolders(db: Db, companyId: string, roleId: string, userIds: string[]) {
  await db.delete(roleAssignments).where(eq(roleAssignments.roleId, roleId));
  if (userIds.length)
    await db.insert(roleAssignments).values(userIds.map((userId) => ({ roleId, userId, companyId })));
}

/** The person holds no custom role of the company any more. */
export async function clearRoleAssignments(db: Db, companyId: string, userId: string) {
  await db
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.companyId, companyId)));
}
