import type { AuditAction } from '@fleet/contract';
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import { auditLog, users } from '../../db/schema/index.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';

export function auditHandlers(services: Services): Handlers<'searchAudit'> {
  const { dir } = services;
  return {
    searchAudit: async ({ body }, { session }) => {
      authorize(session, 'audit.read');
      const f = body.requestData ?? {};
      const where = and(
        eq(auditLog.companyId, session.companyId),
        f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
        f.action ? eq(auditLog.action, f.action) : undefined,
        f.from ? gte(auditLog.at, new Date(f.from)) : undefined,
        f.to ? lte(auditLog.at, new Date(f.to)) : undefined,
      );
      const rows = await dir
        .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(body.pageLength)
        .offset((body.pageIndex - 1) * body.pageLength);
      const [total] = await dir.select({ n: count() }).from(auditLog).where(where);
      return {
        list: rows.map(({ entry, firstName, lastName, email }) => ({
          id: entry.id,
          at: entry.at.toISOString(),
          actor:
            entry.actorId && email
              ? { id: entry.actorId, name: `${firstName ?? ''} ${lastName ?? ''}`.trim(), email }
              : null,
          action: entry.action as AuditAction,
          targetType: entry.targetType,
          targetId: entry.targetId,
          detail: entry.detail,
          ip: entry.ip,
        })),
        totalCnt: total?.n ?? 0,
      };
    },
  };
}
