import type { AuditAction } from '@fleet/contract';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';

export interface AuditEntry {
  companyId: string;
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  /** Never a secret: names, roles and ids only. */
  detail?: Record<string, unknown>;
  ip: string | null;
}

/** Pass the transaction of the change, so the change and its audit row land together or not at all. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? {} });
}
