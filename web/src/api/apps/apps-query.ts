import { useQuery } from '@tanstack/react-query';
import { apiRoutes } from '../api-routes';
import { callApi } from '../call';
import { useScope } from '../scope';
import { appKeys } from './keys';

/** "Last used" and the robot counts move while the tab is open. */
export const APPS_REFRESH_MS = 30_000;

/** The company's API applications; only those who may manage them ask (APPS-MANAGE). */
export function useApiAppsQuery(allowed: boolean) {
  const scope = useScope();
  return useQuery({
    queryKey: appKeys.list(scope),
    queryFn: () => callApi(apiRoutes.listApiApps),
    enabled: allowed && scope !== undefined,
    refetchInterval: APPS_REFRESH_MS,
  });
}

/** An application's calls per hour over the last `hours`. */
export function useApiAppUsageQuery(id: string, hours: number) {
  const scope = useScope();
  return useQuery({
    queryKey: appKeys.usage(scope, id, hours),
    queryFn: () => callApi(apiRoutes.apiAppUsage, { params: { id }, query: { hours } }),
    enabled: scope !== undefined,
    refetchInterval: APPS_REFRESH_MS,
  });
}

export function useWebhooksQuery(appId: string) {
  const scope = useScope();
  return useQuery({
    queryKey: appKeys.webhooks(scope, appId),
    queryFn: () => callApi(apiRoutes.listWebhooks, { params: { id: appId } }),
    enabled: scope !== undefined,
    refetchInterval: APPS_REFRESH_MS,
  });
}

/** A webhook's delivery log, newest first; refreshed often while a retry may land. */
export function useWebhookDeliveriesQuery(webhookId: string) {
  const scope = useScope();
  return useQuery({
    queryKey: appKeys.deliveries(scope, webhookId),
    queryFn: () => callApi(apiRoutes.webhookDeliveries, { params: { id: webhookId } }),
    enabled: scope !== undefined,
    refetchInterval: 5000,
  });
}
