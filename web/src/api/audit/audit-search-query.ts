import type { api, RouteBody } from '@fleet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { auditKeys } from './keys';

export type AuditSearchBody = RouteBody<typeof api.searchAudit>;

/** One page of the company's audit log, newest first. Always asked afresh: it grows with every change. */
export function useAuditSearchQuery(body: AuditSearchBody, enabled: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: auditKeys.search(scope, body),
    queryFn: () => callApi(apiRoutes.searchAudit, { body }),
    enabled: enabled && scope !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
