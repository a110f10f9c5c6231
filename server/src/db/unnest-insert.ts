import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** One column of a many-row insert: the PostgreSQL type of its values, and how a row gives its value. */
export interface UnnestColumn<Row> {
  column: PgColumn;
  /** The element type (`uuid`, `text`, `timestamptz`, `float8`, `int4`, `bool`, `jsonb`…). */
  type: string;
  value(row: Row): unknown;
}

/** A row's value as the driver sends it in an array: dates as ISO text, objects as JSON text, undefined as null. */
function cell(value: unknown, type: string): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'jsonb') return JSON.stringify(value);
  return value;
}

/**
 * `insert into table (…) select … from unnest(…)`: every column goes as one array parameter and unnest turns
 * the arrays back into rows. Drizzle's multi-row VALUES builds and checks one parameter per cell: at hundreds of
 * rows a second (robot samples, calls and their steps, commands) that held the event loop every robot's live
 * update waits on. This costs the same few microseconds whatever the number of rows. JSON goes as text and is cast
 * per row. Append `on conflict …` to the result where needed.
 */
export function unnestInsert<Row>(table: PgTable, columns: UnnestColumn<Row>[], rows: readonly Row[]): SQL {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.column.name)),
    sql`, `,
  );
  const arrays = columns.map(({ type, value }) => {
    const sent = type === 'jsonb' ? 'text' : type;
    return sql`${sql.param(rows.map((r) => cell(value(r), type)))}::${sql.raw(`${sent}[]`)}`;
  });
  const picked = columns.map((c, i) => (c.type === 'jsonb' ? sql.raw(`v${i}::jsonb`) : sql.raw(`v${i}`)));
  const aliases = sql.raw(columns.map((_, i) => `v${i}`).join(', '));
  return sql`insert into ${table} (${names}) select ${sql.join(picked, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases})`;
}
