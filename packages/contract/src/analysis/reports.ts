import { z } from 'zod';
import { clockTime } from '../audio/schedule.js';
import { timeZone } from '../buildings/buildings.js';
import { language } from '../locales.js';
import { email } from '../people/fields.js';
import { text } from '../text.js';
import { EXPORT_FORMATS, UNIT_SYSTEM_NAMES } from './exports.js';
import { KPI_IDS } from './kpis.js';

/*
 * Figures that come to people: report subscriptions (a KPI summary with the ranking attached, e-mailed daily,
 * weekly or monthly at a time of day in a zone) and alerts (a KPI missing its target several days running).
 */

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const RECIPIENTS_MAX = 20;

const recipients = z
  .array(email)
  .min(1, 'at least one recipient')
  .max(RECIPIENTS_MAX, `at most ${RECIPIENTS_MAX} recipients`);
const buildingIds = z.array(z.uuid()).max(50, 'at most 50 buildings');

const reportFields = {
  name: text({ min: 1, max: 80 }),
  recipients,
  frequency: z.enum(REPORT_FREQUENCIES),
  /** When it goes out, on `timeZone`'s clock; a weekly report goes on Mondays, a monthly one on the 1st. */
  sendAt: clockTime,
  timeZone,
  language,
  units: z.enum(UNIT_SYSTEM_NAMES),
  format: z.enum(EXPORT_FORMATS),
  /** Empty: every building. */
  buildingIds,
  enabled: z.boolean(),
};

export const saveReportBody = z.object({ id: z.uuid().optional(), ...reportFields });
export type SaveReportBody = z.infer<typeof saveReportBody>;

export const analysisReport = z.object({
  id: z.uuid(),
  ...reportFields,
  timeZone: z.string(),
  recipients: z.array(z.string()),
  nextRunAt: z.iso.datetime(),
  lastSentAt: z.iso.datetime().nullable(),
});
export type AnalysisReport = z.infer<typeof analysisReport>;

/** KPIs an alert can watch: those a target can be set for. */
export const alertKpi = z.enum(KPI_IDS);

const alertFields = {
  name: text({ min: 1, max: 80 }),
  kpi: alertKpi,
  /** Consecutive complete days the KPI must miss its target before the alert goes. */
  days: z.int().min(1, 'at least 1 day').max(30, 'at most 30 days'),
  /** Empty: the whole company. */
  buildingIds,
  recipients,
  language,
  enabled: z.boolean(),
};

export const saveAlertBody = z.object({ id: z.uuid().optional(), ...alertFields });
export type SaveAlertBody = z.infer<typeof saveAlertBody>;

export const analysisAlert = z.object({
  id: z.uuid(),
  ...alertFields,
  recipients: z.array(z.string()),
  /** The last day that made it go (it goes once per run of bad days). */
  lastFiredOn: z.iso.date().nullable(),
});
export type AnalysisAlert = z.infer<typeof analysisAlert>;
