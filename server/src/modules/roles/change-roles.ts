import type { CustomRole, Permission } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { conflict, notFound } from '../../errors.js';
import { audit } from '../audit/record-audit.js';
import { countMembersAmong } from '../people/repo.js';
import { deleteRole, findRoles, insertRole, replaceRoleHolders, updateRole } from './repo.js';

interface RoleInput {
  name: string;
  description: string;
  permissions: Permission[];
}

async function one(db: Db, companyId: string, id: string): Promise<CustomRole> {
  const [role] = await findRoles(db, companyId, id);
  if (!role) throw notFound('role');
  return role;
}

/** Each change of a role commits together with its audit row: roles and the audit log share the directory. */
export async function createRole(
  dir: Db,
  session: Session,
  ip: string,
  body: RoleInput,
): Promise<CustomRole> {
  authorize(session, 'roles.manage');
  try {
    return await dir.transaction(async (tx) => {
      const id = await insertRole(tx, session.companyId, body);
      await audit(tx, session, ip, 'role.create', id, { name: body.name, permissions: body.permissions });
      return one(tx, session.companyId, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`body.name: a role named ${body.name} exists already`);
    throw err;
  }
}

export async function editRole(
  dir: Db,
  session: Session,
  ip: string,
  body: { id: string } & Partial<RoleInput>,
): Promise<CustomRole> {
  authorize(session, 'roles.manage');
  const { id, ...changes } = body;
  try {
    return await dir.transaction(async (tx) => {
      if (!(await updateRole(tx, session.companyId, id, changes))) throw notFound('role');
      await audit(tx, session, ip, 'role.edit', id, changes);
      return one(tx, session.companyId, id);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`body.name: a role named ${changes.name} exists already`);
    throw err;
  }
}

export async function removeRole(dir: Db, session: Session, ip: string, id: string): Promise<void> {
  authorize(session, 'roles.manage');
  await dir.transaction(async (tx) => {
    const name = await deleteRole(tx, session.companyId, id);
    if (name === null) throw notFound('role');
    await audit(tx, session, ip, 'role.delete', id, { name });
  });
}

export async function assignRole(
  dir: Db,
  session: Session,
  ip: string,
  roleId: string,
  people: string[],
): Promise<CustomRole> {
  authorize(session, 'roles.manage');
  const userIds = [...new Set(people)];
  return dir.transaction(async (tx) => {
    await one(tx, session.companyId, roleId);
    if ((await countMembersAmong(tx, session.companyId, userIds)) !== userIds.length)
      throw notFound('person');
    await replaceRoleHolders(tx, session.companyId, roleId, userIds);
    await audit(tx, session, ip, 'role.assign', roleId, { userIds });
    return one(tx, session.companyId, roleId);
  });
}
