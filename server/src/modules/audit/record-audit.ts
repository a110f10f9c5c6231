import type { AuditAction } from '@fleet/contract';
import type { Session } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

/** What an action changes is named by the action's prefix, except where the prefix names something else. */
const TARGET_TYPE_BY_PREFIX: Readonly<Record<string, string>> = {
  person: 'user',
  company: 'user',
  subsidiary: 'company',
  sso: 'ssoConfig',
};

export function targetTypeOf(action: AuditAction): string {
  const prefix = action.slice(0, action.indexOf('.'));
  return TARGET_TYPE_BY_PREFIX[prefix] ?? prefix;
}

/**
 * Records what the session's person did in the session's company. Pass the transaction of the change when the
 * change is in the directory database too, so the change and its audit row land together or not at all; a change
 * of regional data is audited after it commits, the audit log being in the directory database.
 *
 * `detail` is never a secret: names, roles and ids only.
 */
export async function audit(
  db: Db,
  session: Session,
  ip: string | null,
  action: AuditAction,
  targetId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(db, {
    companyId: session.companyId,
    actorId: session.userId,
    action,
    targetId,
    detail,
    ip,
  });
}

/**
 * Records an action in a company by someone other than a signed-in session: a person signing in (the actor is
 * them), or their identity provider (no actor: null, and the detail names the provider). Same rules as `audit`.
 */
export async function recordAudit(
  db: Db,
  entry: {
    companyId: string;
    actorId: string | null;
    action: AuditAction;
    targetId: string;
    detail: Record<string, unknown>;
    ip: string | null;
  },
): Promise<void> {
  await db.insert(auditLog).values({ ...entry, targetType: targetTypeOf(entry.action) });
}
