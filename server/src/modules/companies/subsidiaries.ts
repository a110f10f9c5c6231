import type { Subsidiary } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { insertMembership, memberCounts, ownerOf } from '../people/repo.js';

async function subsidiaryDto(db: Db, parentId: string, id: string): Promise<Subsidiary> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.parentId, parentId)));
  if (!row) throw notFound('subsidiary');
  const people = (await memberCounts(db, [id])).get(id) ?? 0;
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    isSubsidiary: true,
    region: row.region,
    peopleCount: people,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new subsidiary lives in its parent's region and belongs to the parent's owner (every company has exactly
 * one owner); the parent's administrators manage it through the parent.
 */
export async function createSubsidiary(services: Services, session: Session, name: string, ip: string) {
  authorize(session, 'companies.manage');
  return services.dir.transaction(async (tx) => {
    const [parent] = await tx.select().from(companies).where(eq(companies.id, session.companyId));
    if (!parent) throw notFound('company');
    const owner = await ownerOf(tx, parent.id);
    const [created] = await tx
      .insert(companies)
      .values({ name, parentId: parent.id, region: parent.region })
      .returning({ id: companies.id });
    if (!created) throw new Error('subsidiary not created');
    if (owner) await insertMembership(tx, { userId: owner, companyId: created.id, role: 'owner' });
    await audit(tx, session, ip, 'subsidiary.create', created.id, { name });
    return subsidiaryDto(tx, parent.id, created.id);
  });
}

export async function renameSubsidiary(
  services: Services,
  session: Session,
  id: string,
  name: string,
  ip: string,
) {
  authorize(session, 'companies.manage');
  return services.dir.transaction(async (tx) => {
    const renamed = await tx
      .update(companies)
      .set({ name })
      .where(and(eq(companies.id, id), eq(companies.parentId, session.companyId)))
      .returning({ id: companies.id });
    if (!renamed.length) throw notFound('subsidiary');
    await audit(tx, session, ip, 'subsidiary.rename', id, { name });
    return subsidiaryDto(tx, session.companyId, id);
  });
}
