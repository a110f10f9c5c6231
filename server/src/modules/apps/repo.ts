import { type ApiScope, eventsOutsideScopes } from '@fleet/contract';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiAppSecrets, apiApps, apiAppUsage, webhooks } from '../../db/schema/index.js';

export type AppRow = typeof apiApps.$inferSelect;
export type SecretRow = typeof apiAppSecrets.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;

export async function appsOf(reg: Db, companyId: string): Promise<AppRow[]> {
  return reg
    .select()
    .from(apiApps)
    .where(eq(apiApps.companyId, companyId))
    .orderBy(desc(apiApps.createdAt), asc(apiApps.id));
}

/** One application of the company; another company's is none. */
export async function appOf(reg: Db, companyId: string, id: string): Promise<AppRow | null> {
  const [row] = await reg
    .select()
    .from(apiApps)
    .where(and(eq(apiApps.id, id), eq(apiApps.companyId, companyId)));
  return row ?? null;
}

export async function appByAccessKey(reg: Db, accessKey: string): Promise<AppRow | null> {
  const [row] = await reg.select().from(apiApps).where(eq(apiApps.accessKey, accessKey));
  return row ?? null;
}

/** Secrets still usable (current, or rotated out with overlap left), newest first. */
export async function liveSecretsOf(reg: Db, appIds: string[]): Promise<SecretRow[]> {
  if (!appIds.length) return [];
  return reg
    .select()
    .from(apiAppSecrets)
    .where(
      and(
        inArray(apiAppSecrets.appId, appIds),
        sql`(${apiAppSecrets.expiresAt} is null or ${apiAppSecrets.expiresAt} > now())`,
      ),
    )
    .orderBy(desc(apiAppSecrets.createdAt));
}

export async function webhookCounts(reg: Db, appIds: string[]): Promise<Map<string, number>> {
  if (!appIds.length) return new Map();
  const rows = await reg
    .select({ appId: webhooks.appId, n: count() })
    .from(webhooks)
    .where(inArray(webhooks.appId, appIds))
    .groupBy(webhooks.appId);
  return new Map(rows.map((r) => [r.appId, r.n]));
}

export async function usageOf(reg: Db, appId: string, since: Date) {
  return reg
    .select()
    .from(apiAppUsage)
    .where(and(eq(apiAppUsage.appId, appId), gte(apiAppUsage.hour, since)))
    .orderBy(asc(apiAppUsage.hour));
}

export async function webhooksOf(reg: Db, appId: string): Promise<WebhookRow[]> {
  return reg.select().from(webhooks).where(eq(webhooks.appId, appId)).orderBy(asc(webhooks.createdAt));
}

/**
 * APPS-WEBHOOK-SCOPES: once an application's scopes change, its webhooks keep only the events the scopes still cover;
 * one left with none is switched off. Answers how many webhooks changed.
 */
export async function narrowWebhookEvents(
  tx: Db,
  appId: string,
  scopes: readonly ApiScope[],
): Promise<number> {
  let changed = 0;
  for (const hook of await webhooksOf(tx, appId)) {
    const outside = eventsOutsideScopes(hook.events, scopes);
    if (!outside.length) continue;
    const events = hook.events.filter((e) => !outside.includes(e));
    await tx
      .update(webhooks)
      .set({ events, active: hook.active && events.length > 0 })
      .where(eq(webhooks.id, hook.id));
    changed++;
  }
  return changed;
}

/** One webhook of the company; another company's is none. */
export async function webhookOf(reg: Db, companyId: string, id: string): Promise<WebhookRow | null> {
  const [row] = await reg
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.companyId, companyId)));
  return row ?? null;
}
