import {
  type AnalysisRanking,
  type ExportAnalysisBody,
  KPI_IDS,
  type KpiId,
  type Language,
  type TaskSearch,
} from '@fleet/contract';
import type { Session } from '../../../auth/sessions.js';
import type { Services } from '../../../services.js';
import { analysisRanking } from '../figures/ranking.js';
import { analysisTrend } from '../figures/trend.js';
import { taskQuery } from '../tasks/task-search.js';
import { area, kpiCell, kpiColumn, pathLength, type UnitSystemName } from './export-units.js';
import { OUTCOMES, TYPES, WORDS } from './export-words.js';
import { localTimes } from './local-time.js';

/** A file's content: its sheet name, its header, its row count (for progress) and its rows, streamed. */
export interface ExportTable {
  sheet: string;
  header: string[];
  rows: number;
  lines: AsyncIterable<(string | number | null)[]>;
}

/** Rows a page: larger pages plan fewer queries but live long enough to reach the old generation. */
const PAGE = 2000;

const kpiHeader = (lang: Language, units: UnitSystemName) => KPI_IDS.map((id) => kpiColumn(id, lang, units));
const kpiCells = (values: Record<KpiId, number | null>, units: UnitSystemName) =>
  KPI_IDS.map((id) => kpiCell(id, values[id], units));

async function* from<T>(rows: T[]): AsyncIterable<T> {
  yield* rows;
}

/** A ranking as a file's table: the names, then every figure in the reader's units. */
export function rankingTable(ranking: AnalysisRanking, lang: Language, units: UnitSystemName): ExportTable {
  const { by } = ranking;
  const first =
    by === 'robot' ? [WORDS.robot[lang], WORDS.building[lang], WORDS.model[lang]] : [WORDS[by][lang]];
  return {
    sheet: WORDS.sheetRanking[lang],
    header: [...first, WORDS.robots[lang], ...kpiHeader(lang, units)],
    rows: ranking.rows.length,
    lines: from(
      ranking.rows.map((r) => [
        r.name,
        ...(by === 'robot' ? [r.buildingName, r.model] : []),
        r.robots,
        ...kpiCells(r.values, units),
      ]),
    ),
  };
}

export async function exportTable(
  services: Services,
  session: Session,
  body: ExportAnalysisBody,
): Promise<ExportTable> {
  const { language: lang, units } = body;
  if (body.content === 'ranking') {
    const by = body.by ?? 'robot';
    return rankingTable(await analysisRanking(services, session, body.filter, by), lang, units);
  }
  if (body.content === 'trend') {
    const trend = await analysisTrend(services, session, body.filter);
    return {
      sheet: WORDS.sheetTrend[lang],
      header: [WORDS.period[lang], ...kpiHeader(lang, units)],
      rows: trend.buckets.length,
      lines: from(trend.buckets.map((b) => [b.start, ...kpiCells(b.values, units)])),
    };
  }
  const search: TaskSearch = body.search ?? { scope: body.filter };
  const { query, dto, companyIds } = await taskQuery(services, session, search);
  const [count] = await query.count();
  /** The tasks newest first, one company after another (a company's pages come from its own index range). */
  async function* pages() {
    for (const companyId of companyIds) {
      // A real promise: the query builder runs again each time it is awaited.
      const read = (last: { endedAt: Date; id: string } | null) =>
        Promise.resolve(query.after(companyId, last, PAGE));
      let next = read(null);
      for (;;) {
        const page = await next;
        const tail = page[page.length - 1];
        const more = tail !== undefined && page.length === PAGE;
        // The next page is read while this one is written out, so the database and the writing overlap.
        if (more) {
          next = read({ endedAt: tail.endedAt, id: tail.id });
          // A download abandoned half-way leaves it unread: its failure then has nowhere to go.
          next.catch(() => {});
        }
        yield page;
        if (!more) break;
      }
    }
  }
  async function* tasks() {
    const local = localTimes();
    for await (const page of pages()) {
      for (const row of page) {
        const t = dto(row);
        yield [
          t.robotName,
          t.buildingName,
          t.model,
          TYPES[t.type][lang],
          OUTCOMES[t.outcome][lang],
          local(row.startedAt, t.timeZone),
          local(row.endedAt, t.timeZone),
          t.timeZone,
          Math.round((t.durationS / 60) * 10) / 10,
          pathLength(t.distanceM, units),
          t.plannedAreaM2 === null ? null : area(t.plannedAreaM2, units),
          t.cleanedAreaM2 === null ? null : area(t.cleanedAreaM2, units),
          t.liftRides,
          Math.round(t.liftWaitS),
          t.interventions,
          t.errorCodes.join(' '),
          row.orderId,
        ];
      }
    }
  }
  const length = units === 'imperial' ? 'ft' : 'm';
  const sq = units === 'imperial' ? 'ft²' : 'm²';
  return {
    sheet: WORDS.sheetTasks[lang],
    header: [
      WORDS.robot[lang],
      WORDS.building[lang],
      WORDS.model[lang],
      WORDS.type[lang],
      WORDS.outcome[lang],
      WORDS.started[lang],
      WORDS.ended[lang],
      WORDS.timeZone[lang],
      WORDS.duration[lang],
      `${kpiColumn('distance', lang, units).replace(/ \(.*\)$/, '')} (${length})`,
      `${WORDS.plannedArea[lang]} (${sq})`,
      kpiColumn('cleanedArea', lang, units),
      kpiColumn('liftRides', lang, units),
      WORDS.liftWaitS[lang],
      WORDS.interventions[lang],
      WORDS.errorCodes[lang],
      WORDS.order[lang],
    ],
    rows: count?.n ?? 0,
    lines: tasks(),
  };
}
