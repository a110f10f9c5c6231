import type { Db } from '../../db/client.js';
import { robotStateSamples } from '../../db/schema/index.js';
import { type UnnestColumn, unnestInsert } from '../../db/unnest-insert.js';

export type SampleRow = typeof robotStateSamples.$inferInsert;

const t = robotStateSamples;
export const SAMPLE_COLUMNS: UnnestColumn<SampleRow>[] = [
  { column: t.companyId, type: 'uuid', value: (r) => r.companyId },
  { column: t.robotId, type: 'uuid', value: (r) => r.robotId },
  { column: t.at, type: 'timestamptz', value: (r) => r.at },
  { column: t.status, type: 'text', value: (r) => r.status },
  { column: t.connection, type: 'text', value: (r) => r.connection },
  { column: t.mapId, type: 'text', value: (r) => r.mapId },
  { column: t.x, type: 'float8', value: (r) => r.x },
  { column: t.y, type: 'float8', value: (r) => r.y },
  { column: t.theta, type: 'float8', value: (r) => r.theta },
  { column: t.battery, type: 'float8', value: (r) => r.battery },
  { column: t.charging, type: 'bool', value: (r) => r.charging },
  { column: t.orderId, type: 'text', value: (r) => r.orderId },
  { column: t.errorCount, type: 'int4', value: (r) => r.errorCount },
];

/** Writes state samples in one statement, whatever their number (see unnestInsert). */
export async function insertSamples(db: Db, rows: readonly SampleRow[]): Promise<void> {
  if (rows.length) await db.execute(unnestInsert(t, SAMPLE_COLUMNS, rows));
}
