import type { AuditAction } from '@fleet/contract';
import type { Session } from '../../auth/sessions.js';
import type { Services } from '../../services.js';
import { recordAudit } from '../audit/record-audit.js';

type BuildingAction = Extract<AuditAction, `building.${string}` | `floor.${string}` | `station.${string}`>;

/**
 * Records a change of a building, floor or station. The audit log is in the directory database, which may be
 * another database than the region's, so it is written after the change commits.
 */
export function auditChange(
  services: Services,
  session: Session,
  ip: string,
  action: BuildingAction,
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
