import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_ROOT } from '../server-root.js';
import type { Database } from './client.js';

export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');

export class MigrationError extends Error {}

/**
 * Applies pending migrations in one transaction: a failing one leaves the database as it was.
 * Both databases get the same set; each uses only its own tables.
 */
export async function runMigrations(database: Database, folder = MIGRATIONS_DIR): Promise<void> {
  try {
    await database.exclusive(async (db) => {
      if (database.kind === 'pglite') {
        await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: folder });
      } else {
        await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder });
      }
    });
  } catch (err) {
    const cause =
      err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    throw new MigrationError(`Migration of ${database.label} failed, nothing was changed: ${cause}`);
  }
}
