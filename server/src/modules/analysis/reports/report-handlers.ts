import type { AnalysisAlert, AnalysisReport } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { authorize } from '../../../auth/authorize.js';
import type { Session } from '../../../auth/sessions.js';
import { analysisAlerts, analysisReports } from '../../../db/schema/index.js';
import { notFound } from '../../../errors.js';
import type { Handlers } from '../../../http/handlers.js';
import type { Services } from '../../../services.js';
import { audit } from '../../audit/record-audit.js';
import { buildingZones } from '../../buildings/repo.js';
import { composeReport } from './compose-report.js';
import { type AlertRow, alertsOf, type ReportRow, reportOf, reportsOf } from './report-repo.js';
import { nextRunAfter, reportPeriod } from './report-schedule.js';

function reportDto(r: ReportRow): AnalysisReport {
  return {
    id: r.id,
    name: r.name,
    recipients: r.recipients,
    frequency: r.frequency,
    sendAt: r.sendAt,
    timeZone: r.timeZone,
    language: r.language,
    units: r.units,
    format: r.format,
    buildingIds: r.buildingIds,
    enabled: r.enabled,
    nextRunAt: r.nextRunAt.toISOString(),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
  };
}

function alertDto(a: AlertRow): AnalysisAlert {
  return {
    id: a.id,
    name: a.name,
    kpi: a.kpi,
    days: a.days,
    buildingIds: a.buildingIds,
    recipients: a.recipients,
    language: a.language,
    enabled: a.enabled,
    lastFiredOn: a.lastFiredOn,
  };
}

/** Buildings named in a report or alert must be the company's: another's answers 404. */
async function checkBuildings(services: Services, session: Session, ids: readonly string[]): Promise<void> {
  const found = await buildingZones(services.reg, ids);
  for (const id of ids) if (found.get(id)?.companyId !== session.companyId) throw notFound('building');
}

type Ids =
  | 'listAnalysisReports'
  | 'saveAnalysisReport'
  | 'removeAnalysisReport'
  | 'sendAnalysisReport'
  | 'listAnalysisAlerts'
  | 'saveAnalysisAlert'
  | 'removeAnalysisAlert';

/** Report subscriptions and KPI alerts: anyone who reads the analysis sees them; analysis.manage changes them. */
export function reportHandlers(services: Services): Handlers<Ids> {
  const { reg } = services;
  return {
    listAnalysisReports: async (_input, { session }) => {
      authorize(session, 'analysis.read');
      return (await reportsOf(reg, session.companyId)).map(reportDto);
    },
    saveAnalysisReport: async ({ body }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      await checkBuildings(services, session, body.buildingIds);
      const { id, ...fields } = body;
      const nextRunAt = new Date(nextRunAfter(body, Date.now()));
      let row: ReportRow | undefined;
      if (id) {
        await reportOf(reg, session.companyId, id);
        [row] = await reg
          .update(analysisReports)
          .set({ ...fields, nextRunAt })
          .where(and(eq(analysisReports.companyId, session.companyId), eq(analysisReports.id, id)))
          .returning();
      } else {
        [row] = await reg
          .insert(analysisReports)
          .values({ ...fields, companyId: session.companyId, nextRunAt, createdBy: session.userId })
          .returning();
      }
      if (!row) throw new Error('report not saved');
      await audit(services.dir, session, ip, 'analysisReport.save', row.id, {
        name: row.name,
        frequency: row.frequency,
        recipients: row.recipients.length,
      });
      return reportDto(row);
    },
    removeAnalysisReport: async ({ params }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      const row = await reportOf(reg, session.companyId, params.id);
      await reg.delete(analysisReports).where(eq(analysisReports.id, row.id));
      await audit(services.dir, session, ip, 'analysisReport.remove', row.id, { name: row.name });
      return null;
    },
    sendAnalysisReport: async ({ params }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      const row = await reportOf(reg, session.companyId, params.id);
      const period = reportPeriod(row.frequency, Date.now(), row.timeZone);
      const mail = await composeReport(services, session.companyId, row, period);
      for (const to of row.recipients) await services.mailer.send({ to, ...mail });
      await audit(services.dir, session, ip, 'analysisReport.send', row.id, { name: row.name, ...period });
      return { sentTo: row.recipients };
    },
    listAnalysisAlerts: async (_input, { session }) => {
      authorize(session, 'analysis.read');
      return (await alertsOf(reg, session.companyId)).map(alertDto);
    },
    saveAnalysisAlert: async ({ body }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      await checkBuildings(services, session, body.buildingIds);
      const { id, ...fields } = body;
      let row: AlertRow | undefined;
      if (id) {
        const [found] = await reg
          .update(analysisAlerts)
          .set(fields)
          .where(and(eq(analysisAlerts.companyId, session.companyId), eq(analysisAlerts.id, id)))
          .returning();
        if (!found) throw notFound('alert');
        row = found;
      } else {
        [row] = await reg
          .insert(analysisAlerts)
          .values({ ...fields, companyId: session.companyId, createdBy: session.userId })
          .returning();
      }
      if (!row) throw new Error('alert not saved');
      await audit(services.dir, session, ip, 'analysisAlert.save', row.id, { name: row.name, kpi: row.kpi });
      return alertDto(row);
    },
    removeAnalysisAlert: async ({ params }, { session, ip }) => {
      authorize(session, 'analysis.manage');
      const [row] = await reg
        .delete(analysisAlerts)
        .where(and(eq(analysisAlerts.companyId, session.companyId), eq(analysisAlerts.id, params.id)))
        .returning();
      if (!row) throw notFound('alert');
      await audit(services.dir, session, ip, 'analysisAlert.remove', row.id, { name: row.name });
      return null;
    },
  };
}
