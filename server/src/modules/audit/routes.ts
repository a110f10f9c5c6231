import { type AuditAction, fullName } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { accountNames } from '../people/repo.js';
import { findAuditEntries } from './repo.js';

export function auditHandlers(services: Services): Handlers<'searchAudit'> {
  const { dir } = services;
  return {
    searchAudit: async ({ body }, { session }) => {
      authorize(session, 'audit.read');
      const { rows, total } = await findAuditEntries(dir, session.companyId, body.requestData ?? {}, {
        offset: (body.pageIndex - 1) * body.pageLength,
        limit: body.pageLength,
      });
      const actors = new Map(
        (
          await accountNames(
            dir,
            rows.flatMap((r) => (r.actorId ? [r.actorId] : [])),
          )
        ).map((a) => [a.id, a]),
      );
      return {
        list: rows.map((entry) => {
          const actor = entry.actorId ? actors.get(entry.actorId) : undefined;
          return {
            id: entry.id,
            at: entry.at.toISOString(),
            actor: actor ? { id: actor.id, name: fullName(actor), email: actor.email } : null,
            action: entry.action as AuditAction,
            targetType: entry.targetType,
            targetId: entry.targetId,
            detail: entry.detail,
            ip: entry.ip,
          };
        }),
        totalCnt: total,
      };
    },
  };
}
