import { addDays, type KpiId, kpiValues, type Language, localDateOf, meetsTarget } from '@fleet/contract';
import type { Services } from '../../../services.js';
import { buildingZones } from '../../buildings/repo.js';
import { kpiCell, kpiColumn } from '../exports/export-units.js';
import { KPI_NAMES } from '../exports/export-words.js';
import { totalsOf } from '../figures/day-sums.js';
import { robotPlaces } from '../rollup/rollup-worker.js';
import { CompanySettings } from '../settings/resolve-settings.js';
import { settingsOf } from '../settings/settings-repo.js';
import { composeReport } from './compose-report.js';
import {
  type AlertRow,
  claimAlert,
  claimReport,
  dueReports,
  enabledAlerts,
  releaseReport,
} from './report-repo.js';
import { nextRunAfter, reportPeriod } from './report-schedule.js';

/** How far back an alert looks for a good day since it last went. */
const LOOKBACK_DAYS = 30;

const ALERT_TEXT = {
  subject: { en: 'Fleet alert', zh: '机器人运营告警' },
  missed: { en: 'missed its target on each of the last', zh: '连续未达到目标，天数：' },
  days: { en: 'days', zh: '' },
  target: { en: 'Target', zh: '目标' },
} satisfies Record<string, Record<Language, string>>;

/**
 * Sends what is due: reports whose time has come (each claimed first, so several instances never send one
 * twice, and released again if the mail could not go) and alerts whose KPI missed its target for their number
 * of days. Runs after each roll-up pass, so yesterday's figures are final when it looks.
 */
export class ReportScheduler {
  constructor(
    private readonly services: Services,
    private readonly now: () => number = Date.now,
  ) {}

  async tick(): Promise<{ reports: number; alerts: number }> {
    return { reports: await this.sendDueReports(), alerts: await this.checkAlerts() };
  }

  private async sendDueReports(): Promise<number> {
    const { reg, mailer, log } = this.services;
    let sent = 0;
    const now = new Date(this.now());
    for (const row of await dueReports(reg, now, 50)) {
      const next = new Date(nextRunAfter(row, now.getTime()));
      if (!(await claimReport(reg, row, next, now))) continue;
      try {
        const period = reportPeriod(row.frequency, row.nextRunAt.getTime(), row.timeZone);
        const mail = await composeReport(this.services, row.companyId, row, period);
        for (const to of row.recipients) await mailer.send({ to, ...mail });
        sent++;
      } catch (err) {
        log.error({ err, report: row.id }, 'analysis report not sent; it is due again');
        await releaseReport(reg, row, next);
      }
    }
    return sent;
  }

  private async checkAlerts(): Promise<number> {
    let fired = 0;
    for (const alert of await enabledAlerts(this.services.reg)) {
      try {
        if (await this.checkAlert(alert)) fired++;
      } catch (err) {
        this.services.log.error({ err, alert: alert.id }, 'analysis alert not checked');
      }
    }
    return fired;
  }

  /** Whether the alert's KPI missed its target on a day; null when there is nothing to judge. */
  private async missed(alert: AlertRow, settings: CompanySettings, day: string): Promise<boolean | null> {
    const totals = await totalsOf(this.services.reg, {
      companyIds: [alert.companyId],
      buildingIds: alert.buildingIds.length ? alert.buildingIds : undefined,
      from: day,
      to: day,
    });
    const target = settings.targetsOn(
      day,
      alert.buildingIds.length === 1 ? (alert.buildingIds[0] ?? null) : null,
      null,
    )[alert.kpi];
    const met = meetsTarget(alert.kpi, kpiValues(totals)[alert.kpi], target);
    return met === null ? null : !met;
  }

  private async checkAlert(alert: AlertRow): Promise<boolean> {
    const { reg, mailer } = this.services;
    const zone = await this.zoneOf(alert);
    const yesterday = addDays(localDateOf(this.now(), zone), -1);
    if (alert.lastFiredOn !== null && alert.lastFiredOn >= yesterday) return false;
    const settings = new CompanySettings(await settingsOf(reg, alert.companyId));
    const first = addDays(yesterday, 1 - alert.days);
    for (let d = first; d <= yesterday; d = addDays(d, 1)) {
      if ((await this.missed(alert, settings, d)) !== true) return false;
    }
    // Once per run of bad days: it goes again only after a day that met the target.
    if (alert.lastFiredOn !== null && alert.lastFiredOn >= addDays(first, -LOOKBACK_DAYS)) {
      let good = false;
      for (let d = addDays(alert.lastFiredOn, 1); d < first && !good; d = addDays(d, 1)) {
        good = (await this.missed(alert, settings, d)) === false;
      }
      if (!good) return false;
    }
    if (!(await claimAlert(reg, alert, yesterday))) return false;
    const lang = alert.language;
    const totals = await totalsOf(reg, {
      companyIds: [alert.companyId],
      buildingIds: alert.buildingIds.length ? alert.buildingIds : undefined,
      from: yesterday,
      to: yesterday,
    });
    const kpi: KpiId = alert.kpi;
    const target = settings.targetsOn(yesterday, null, null)[kpi] ?? null;
    const text = [
      `${alert.name}: ${KPI_NAMES[kpi][lang]} ${ALERT_TEXT.missed[lang]} ${alert.days} ${ALERT_TEXT.days[lang]}`.trim(),
      `${yesterday}: ${kpiColumn(kpi, lang, 'metric')} ${kpiCell(kpi, kpiValues(totals)[kpi], 'metric') ?? '–'}`,
      `${ALERT_TEXT.target[lang]}: ${kpiCell(kpi, target, 'metric') ?? '–'}`,
    ].join('\n');
    for (const to of alert.recipients) {
      await mailer.send({ to, subject: `${ALERT_TEXT.subject[lang]}: ${alert.name}`, text });
    }
    return true;
  }

  /** The alert's calendar: its (first) building's zone, else the company's first robot's, else UTC. */
  private async zoneOf(alert: AlertRow): Promise<string> {
    const { reg } = this.services;
    if (alert.buildingIds.length) {
      const b = (await buildingZones(reg, alert.buildingIds.slice(0, 1))).get(alert.buildingIds[0] ?? '');
      if (b) return b.timeZone;
    }
    const [robot] = await robotPlaces(reg, { companyIds: [alert.companyId] });
    return robot?.timeZone ?? 'UTC';
  }
}
