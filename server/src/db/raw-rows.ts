import type { SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The rows of a raw statement, for the few queries the query builder cannot say (a lateral unnest of JSON).
 * Both drivers (node-postgres, PGlite) answer `{ rows }`; the Db type cannot know the row shape, so the caller
 * names it and the query's aliases must match.
 */
export async function rawRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
