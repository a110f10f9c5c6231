import type { BulkBindRow, BulkBindRule } from '@fleet/contract';
import { parse } from 'csv-parse/sync';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { placeNamesOf } from '../buildings/repo.js';
import { deviceRule } from './device-rules.js';
import type { CheckedPlace } from './place-device.js';
import { devicesByNames } from './repo.js';

/** The columns a bulk bind file has, in any order; the first line names them. */
export const BULK_BIND_COLUMNS = ['name', 'building', 'floor', 'x', 'y'] as const;
export const BULK_BIND_MAX_ROWS = 2000;

export interface PlannedBind {
  deviceId: string;
  name: string;
  place: CheckedPlace;
}

/** Why a line cannot be bound: in English, and as a rule with the values its words need. */
type Refused = Pick<BulkBindRow, 'error' | 'refusal'>;
const refused = (
  error: string,
  rule: BulkBindRule,
  params: Record<string, string | number> = {},
): Refused => ({
  error,
  refusal: { rule, params },
});

/**
 * Reads a bulk bind file and checks every row against the company's devices, buildings and floors. Every row is
 * answered: bound, or why not. Nothing is planned unless every row is good, so a file is bound whole or not at all.
 */
export async function planBulkBind(
  db: Db,
  companyId: string,
  csv: string,
): Promise<{ plans: PlannedBind[]; rows: BulkBindRow[] }> {
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // `info` gives each record's line in the file (blank lines and quoted line breaks count).
    parsed = parse(csv, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
      // csv-parse's sync typings do not model `info: true` (records come as {record, info}).
    }) as unknown as typeof parsed;
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw badRequest('body.csv', `not a CSV file: ${detail}`, deviceRule('csvUnreadable', { detail }));
  }
  const [header, ...lines] = parsed.map((p) => p.record);
  const lineNumbers = parsed.slice(1).map((p) => p.info.lines);
  const at = new Map((header ?? []).map((h, i) => [h.toLowerCase(), i]));
  const missing = ['name', 'building'].filter((c) => !at.has(c));
  if (missing.length) {
    const columns = missing.join(', ');
    throw badRequest(
      'body.csv',
      `the first line must name the columns; missing: ${columns}`,
      deviceRule('csvColumnsMissing', { columns }),
    );
  }
  if (!lines.length) throw badRequest('body.csv', 'the file has no device rows', deviceRule('csvNoRows'));
  if (lines.length > BULK_BIND_MAX_ROWS)
    throw badRequest(
      'body.csv',
      `at most ${BULK_BIND_MAX_ROWS} rows at once`,
      deviceRule('csvTooManyRows', { max: BULK_BIND_MAX_ROWS }),
    );
  const cell = (line: string[], col: string) => {
    const i = at.get(col);
    return i === undefined ? '' : (line[i] ?? '').trim();
  };

  const names = lines.map((l) => cell(l, 'name'));
  const devices = new Map(
    (await devicesByNames(db, companyId, names.filter(Boolean))).map((d) => [d.name, d]),
  );
  const { buildings: buildingRows, floors: floorRows } = await placeNamesOf(db, companyId);

  /** The line each device name was first seen on. */
  const seen = new Map<string, number>();
  /** The row's plan, or why it cannot be bound. */
  const check = (line: string[], name: string, lineNo: number): PlannedBind | Refused => {
    const device = devices.get(name);
    if (!name) return refused('the name is empty', 'nameEmpty');
    if (!device) return refused(`no device of the company is named ${name}`, 'unknownDevice', { name });
    const earlier = seen.get(name);
    if (earlier !== undefined)
      return refused(`${name} is on an earlier line too`, 'repeatedDevice', { name, line: earlier });
    seen.set(name, lineNo);
    const buildingName = cell(line, 'building');
    const matches = buildingRows.filter((b) => b.name.toLowerCase() === buildingName.toLowerCase());
    const building = { building: buildingName };
    if (!buildingName) return refused('the building is empty', 'buildingEmpty');
    if (matches.length === 0)
      return refused(`no building is named ${buildingName}`, 'unknownBuilding', building);
    if (matches.length > 1)
      return refused(`${matches.length} buildings are named ${buildingName}`, 'ambiguousBuilding', {
        ...building,
        count: matches.length,
      });
    const found = matches[0] as { id: string; name: string };
    const floorName = cell(line, 'floor');
    const floorMatches = floorName
      ? floorRows.filter((f) => f.buildingId === found.id && f.name.toLowerCase() === floorName.toLowerCase())
      : [];
    const onFloor = { building: found.name, floor: floorName };
    if (floorName && floorMatches.length === 0)
      return refused(`${found.name} has no floor named ${floorName}`, 'unknownFloor', onFloor);
    if (floorMatches.length > 1)
      return refused(`${found.name} has ${floorMatches.length} floors named ${floorName}`, 'ambiguousFloor', {
        ...onFloor,
        count: floorMatches.length,
      });
    const floor = floorMatches[0];
    const [xs, ys] = [cell(line, 'x'), cell(line, 'y')];
    if ((xs === '') !== (ys === '')) return refused('give both x and y, or neither', 'halfPoint');
    let point: { x: number; y: number } | null = null;
    if (xs !== '') {
      const [x, y] = [Number(xs), Number(ys)];
      if (!Number.isFinite(x) || !Number.isFinite(y) || Math.abs(x) > 100_000 || Math.abs(y) > 100_000)
        return refused('x and y must be numbers of metres', 'pointNotMetres');
      if (!floor) return refused('a point needs its floor', 'pointNeedsFloor');
      point = { x, y };
    }
    return {
      deviceId: device.id,
      name,
      place: {
        buildingId: found.id,
        buildingName: found.name,
        floorId: floor?.id ?? null,
        floorName: floor?.name ?? null,
        point,
      },
    };
  };

  const rows: BulkBindRow[] = [];
  const plans: PlannedBind[] = [];
  for (const [i, line] of lines.entries()) {
    const name = names[i] ?? '';
    const lineNo = lineNumbers[i] ?? i + 2;
    const result = check(line, name, lineNo);
    if ('refusal' in result) rows.push({ line: lineNo, name, ...result });
    else {
      rows.push({ line: lineNo, name, error: null, refusal: null });
      plans.push(result);
    }
  }
  return { plans: rows.some((r) => r.error) ? [] : plans, rows };
}
