import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { analysisAlerts, analysisReports } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';

export type ReportRow = typeof analysisReports.$inferSelect;
export type AlertRow = typeof analysisAlerts.$inferSelect;

export function reportsOf(db: Db, companyId: string): Promise<ReportRow[]> {
  return db
    .select()
    .from(analysisReports)
    .where(eq(analysisReports.companyId, companyId))
    .orderBy(asc(analysisReports.name));
}

export async function reportOf(db: Db, companyId: string, id: string): Promise<ReportRow> {
  const [row] = await db
    .select()
    .from(analysisReports)
    .where(and(eq(analysisReports.companyId, companyId), eq(analysisReports.id, id)));
  if (!row) throw notFound('report');
  return row;
}

/** Enabled reports whose time has come, oldest first. */
export function dueReports(db: Db, now: Date, limit: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(analysisReports)
    .where(and(eq(analysisReports.enabled, true), lte(analysisReports.nextRunAt, now)))
    .orderBy(asc(analysisReports.nextRunAt))
    .limit(limit);
}

/**
 * Takes a due report for sending: moves its next run on only if nobody else did first. Of several instances
 * looking at the same row, one gets `true`; the others see that the due time moved and leave it.
 */
export async function claimReport(db: Db, row: ReportRow, next: Date, now: Date): Promise<boolean> {
  const claimed = await db
    .update(analysisReports)
    .set({ nextRunAt: next, lastSentAt: now })
    .where(and(eq(analysisReports.id, row.id), eq(analysisReports.nextRunAt, row.nextRunAt)))
    .returning({ id: analysisReports.id });
  return claimed.length === 1;
}

/** A claimed report that could not be sent: due again at once (unless someone changed it meanwhile). */
export async function releaseReport(db: Db, row: ReportRow, claimedNext: Date): Promise<void> {
  await db
    .update(analysisReports)
    .set({ nextRunAt: row.nextRunAt, lastSentAt: row.lastSentAt })
    .where(and(eq(analysisReports.id, row.id), eq(analysisReports.nextRunAt, claimedNext)));
}

export function alertsOf(db: Db, companyId: string): Promise<AlertRow[]> {
  return db
    .select()
    .from(analysisAlerts)
    .where(eq(analysisAlerts.companyId, companyId))
    .orderBy(asc(analysisAlerts.name));
}

export function enabledAlerts(db: Db): Promise<AlertRow[]> {
  return db.select().from(analysisAlerts).where(eq(analysisAlerts.enabled, true));
}

/** Marks an alert as gone for `day`, unless another instance did: true for the one that may send. */
export async function claimAlert(db: Db, row: AlertRow, day: string): Promise<boolean> {
  const claimed = await db
    .update(analysisAlerts)
    .set({ lastFiredOn: day })
    .where(
      and(
        eq(analysisAlerts.id, row.id),
        row.lastFiredOn === null
          ? sql`${analysisAlerts.lastFiredOn} is null`
          : eq(analysisAlerts.lastFiredOn, row.lastFiredOn),
      ),
    )
    .returning({ id: analysisAlerts.id });
  return claimed.length === 1;
}
