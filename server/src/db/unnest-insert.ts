import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** One column of a many-row insert: the PostgreSQL type of its values, and how a row gives its value. */
export interface UnnestColumn<Row> {
  column: PgColumn;
  /** The element type (`uuid`, `text`, `timestamptz`, `float8`, `int4`, `bool`, `jsonb`, `float8[]`…). */
  type: string;
  value(row: Row): unknown;
}

/**
 * Types sent as text and cast per row: an array of JSON, or of arrays, would be one multidimensional array to
 * unnest, which flattens it.
 */
const sentAsText = (type: string) => type === 'jsonb' || type.endsWith('[]');

/** A row's value as the driver sends it in an array: dates as ISO text, objects and arrays as text, undefined as null. */
function cell(value: unknown, type: string): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'jsonb') return JSON.stringify(value);
  if (type.endsWith('[]')) return `{${(value as unknown[]).join(',')}}`;
  return value;
}

/**
 * `insert into table (…) select … from unnest(…)`: every column goes as one array parameter and unnest turns
 * the arrays back into rows. Drizzle's multi-row VALUES builds and checks one parameter per cell: at hundreds of
 * rows a second (robot samples, calls and their steps, commands) that held the event loop every robot's live
 * update waits on. This costs the same few microseconds whatever the number of rows. JSON goes as text and is cast
 * per row. Append `on conflict …` to the result where needed.
 */
export function unnestInsert<Row>(
  table: PgTable,
  columns: UnnestColumn<Row>[],
  rows: readonly Row[],
  /**
   * A `join …` after the unnest; values computed from it in place of some columns' own; and arrays of values the
   * clause reads but no column takes (`u.v<columns.length + i>`, one per row).
   */
  shape: {
    join?: SQL;
    values?: ReadonlyMap<PgColumn, SQL>;
    extra?: readonly { type: string; values: readonly unknown[] }[];
  } = {},
): SQL {
  const names = sql.join(
    columns.map((c) => sql.identifier(c.column.name)),
    sql`, `,
  );
  const arrays = columns.map(({ type, value }) => {
    const sent = sentAsText(type) ? 'text' : type;
    return sql`${sql.param(rows.map((r) => cell(value(r), type)))}::${sql.raw(`${sent}[]`)}`;
  });
  for (const { type, values } of shape.extra ?? [])
    arrays.push(sql`${sql.param(values.map((v) => cell(v, type)))}::${sql.raw(`${type}[]`)}`);
  const picked = columns.map(
    (c, i) => shape.values?.get(c.column) ?? sql.raw(sentAsText(c.type) ? `u.v${i}::${c.type}` : `u.v${i}`),
  );
  const aliases = sql.raw(arrays.map((_, i) => `v${i}`).join(', '));
  return sql`insert into ${table} (${names}) select ${sql.join(picked, sql`, `)} from unnest(${sql.join(arrays, sql`, `)}) as u(${aliases})${shape.join ? sql` ${shape.join}` : sql``}`;
}

/**
 * How the rows of `unnestInsert(…, columns, …)` name `column` in a clause appended to it (`where not exists (…)`,
 * `left join lateral …`): the unnest's alias, `u.v<index>`.
 */
export function unnestAlias<Row>(columns: UnnestColumn<Row>[], column: PgColumn): SQL {
  const index = columns.findIndex((c) => c.column === column);
  if (index < 0) throw new Error(`column ${column.name} is not among the inserted ones`);
  return sql.raw(`u.v${index}`);
}
