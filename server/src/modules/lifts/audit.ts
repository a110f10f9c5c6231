import type { AuditAction } from '@fleet/contract';
import type { Session } from '../../auth/sessions.js';
import type { Services } from '../../services.js';
import { recordAudit } from '../audit/record-audit.js';

type LiftAction = Extract<AuditAction, `lift${string}`>;

/**
 * Records a change or an action on a gateway, bank or lift. The audit log is in the directory database, which may
 * be another database than the region's, so it is written after the change commits.
 */
export function auditLift(
  services: Services,
  session: Session,
  ip: string,
  action: LiftAction,
  targetId: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(services.dir, {
    companyId: session.companyId,
    actorId: session.userId,
    action,
    targetType: action.slice(0, action.indexOf('.')),
    targetId,
    detail,
    ip,
  });
}
