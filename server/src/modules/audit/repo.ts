import type { AuditAction } from '@fleet/contract';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actorId?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** One page of the company's audit log, newest first, with how many entries match. */
export async function findAuditEntries(
  db: Db,
  companyId: string,
  f: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = and(
    eq(auditLog.companyId, companyId),
    f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, new Date(f.from)) : undefined,
    f.to ? lte(auditLog.at, new Date(f.to)) : undefined,
  );
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total?.n ?? 0 };
}
