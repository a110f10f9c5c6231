import { buffer } from 'node:stream/consumers';
import { type AnalysisReport, type KpiId, kpiValues, type Language, meetsTarget } from '@fleet/contract';
import type { Mail } from '../../../mail/mailer.js';
import type { Services } from '../../../services.js';
import { companyOf } from '../../companies/repo.js';
import { tableStream } from '../exports/export-handler.js';
import { rankingTable } from '../exports/export-tables.js';
import { kpiCell, kpiColumn } from '../exports/export-units.js';
import { type DayScope, totalsOf } from '../figures/day-sums.js';
import { rankingOf } from '../figures/ranking.js';
import { robotPlaces } from '../rollup/rollup-worker.js';
import { CompanySettings } from '../settings/resolve-settings.js';
import { settingsOf } from '../settings/settings-repo.js';

/** The figures a report's text lists, in this order. */
const SUMMARY: KpiId[] = [
  'tasksDone',
  'successRate',
  'distance',
  'workingHours',
  'availability',
  'utilisation',
  'cleanedArea',
  'errors',
  'mttr',
  'activeRobots',
];

const TEXT = {
  subject: { en: 'Fleet report', zh: '机器人运营报告' },
  period: { en: 'Period', zh: '周期' },
  target: { en: 'target', zh: '目标' },
  missed: { en: 'missed', zh: '未达标' },
  attached: { en: 'The ranking of every robot is attached.', zh: '附件为各机器人的排行。' },
  none: { en: 'No robot had any recorded time in this period.', zh: '本周期内没有机器人的记录。' },
} satisfies Record<string, Record<Language, string>>;

type ReportLike = Pick<AnalysisReport, 'name' | 'language' | 'units' | 'format' | 'buildingIds'>;

/** A report's mails for one period: the KPI summary in words and the ranking by robot as a file. */
export async function composeReport(
  services: Services,
  companyId: string,
  report: ReportLike,
  period: { from: string; to: string },
): Promise<Omit<Mail, 'to'>> {
  const lang = report.language;
  const day: DayScope = {
    companyIds: [companyId],
    buildingIds: report.buildingIds.length ? report.buildingIds : undefined,
    from: period.from,
    to: period.to,
  };
  const [company, totals, robots, settings] = await Promise.all([
    companyOf(services.dir, companyId),
    totalsOf(services.reg, day),
    robotPlaces(services.reg, { companyIds: [companyId] }),
    settingsOf(services.reg, companyId),
  ]);
  const values = kpiValues(totals);
  const targets = new CompanySettings(settings).targetsOn(
    period.to,
    report.buildingIds.length === 1 ? (report.buildingIds[0] ?? null) : null,
    null,
  );
  const lines = SUMMARY.map((id) => {
    const value = kpiCell(id, values[id], report.units);
    const target = targets[id];
    const judged = meetsTarget(id, values[id], target);
    const goal =
      target === undefined
        ? ''
        : ` (${TEXT.target[lang]} ${kpiCell(id, target, report.units)}${judged === false ? `, ${TEXT.missed[lang]}` : ''})`;
    return `${kpiColumn(id, lang, report.units)}: ${value ?? '–'}${goal}`;
  });
  const table = rankingTable(await rankingOf(services, day, robots, 'robot'), lang, report.units);
  const file = await buffer(tableStream(table, report.format, services.log));
  const stamp = period.from === period.to ? period.from : `${period.from} – ${period.to}`;
  return {
    subject: `${TEXT.subject[lang]}: ${report.name} (${stamp})`,
    text: [
      `${company?.name ?? ''} · ${report.name}`,
      `${TEXT.period[lang]}: ${stamp}`,
      '',
      ...(totals.robots ? lines : [TEXT.none[lang]]),
      '',
      TEXT.attached[lang],
    ].join('\n'),
    attachments: [
      {
        filename: `report-${period.from}-${period.to}.${report.format}`,
        content: file,
        contentType:
          report.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ],
  };
}
