import type { SaveSettingBody } from '@fleet/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { analysisSettings } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import type { SettingRow } from './resolve-settings.js';

export type StoredSetting = typeof analysisSettings.$inferSelect;

export function settingsOf(db: Db, companyId: string): Promise<StoredSetting[]> {
  return db
    .select()
    .from(analysisSettings)
    .where(eq(analysisSettings.companyId, companyId))
    .orderBy(
      asc(analysisSettings.kind),
      asc(analysisSettings.scopeKind),
      asc(analysisSettings.effectiveFrom),
    );
}

/** Every company's settings at once, for a roll-up over many companies. */
export async function settingsOfCompanies(db: Db, companyIds: string[]): Promise<Map<string, SettingRow[]>> {
  const out = new Map<string, SettingRow[]>(companyIds.map((id) => [id, []]));
  if (!companyIds.length) return out;
  const rows = await db
    .select()
    .from(analysisSettings)
    .where(sql`${analysisSettings.companyId} = any(${sql.param(companyIds)}::uuid[])`);
  for (const r of rows) out.get(r.companyId)?.push(r);
  return out;
}

/** Saves a version; the same kind, scope and date replaces the one there. */
export async function upsertSetting(
  db: Db,
  companyId: string,
  body: SaveSettingBody,
  changedBy: string,
): Promise<StoredSetting> {
  const t = analysisSettings;
  const [row] = await db
    .insert(t)
    .values({
      companyId,
      kind: body.kind,
      scopeKind: body.scope.kind,
      scopeId: body.scope.id,
      effectiveFrom: body.effectiveFrom,
      value: body.value,
      changedBy,
    })
    .onConflictDoUpdate({
      target: [t.companyId, t.kind, t.scopeKind, t.scopeId, t.effectiveFrom],
      set: { value: body.value, changedBy, changedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('setting not saved');
  return row;
}

export async function deleteSetting(db: Db, companyId: string, id: string): Promise<StoredSetting> {
  const t = analysisSettings;
  const [row] = await db
    .delete(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .returning();
  if (!row) throw notFound('setting');
  return row;
}
