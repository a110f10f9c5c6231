import type { AuditAction } from '@fleet/contract';
import type { AuditSearchBody } from '../../api/audit/audit-search-query';

export interface AuditFilter {
  page: number;
  pageSize: number;
  actorId: string | undefined;
  action: AuditAction | undefined;
}

export const FIRST_AUDIT_PAGE: AuditFilter = { page: 1, pageSize: 20, actorId: undefined, action: undefined };

/** The search call for the filters; an unset filter is left out. The server answers newest first. */
export function auditSearchBody(f: AuditFilter): AuditSearchBody {
  return {
    pageIndex: f.page,
    pageLength: f.pageSize,
    requestData: {
      ...(f.actorId ? { actorId: f.actorId } : {}),
      ...(f.action ? { action: f.action } : {}),
    },
  };
}
