import type { Scope } from '../query-scope';

export const appKeys = {
  all: (s: Scope | undefined) => [s?.region ?? 'none', s?.companyId ?? 'none', 'apps'] as const,
  list: (s: Scope | undefined) => [...appKeys.all(s), 'list'] as const,
  usage: (s: Scope | undefined, id: string, hours: number) =>
    [...appKeys.all(s), 'usage', id, hours] as const,
  webhooks: (s: Scope | undefined, appId: string) => [...appKeys.all(s), 'webhooks', appId] as const,
  deliveries: (s: Scope | undefined, webhookId: string) =>
    [...appKeys.all(s), 'deliveries', webhookId] as const,
};
