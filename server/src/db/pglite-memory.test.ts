import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.js';

describe('PGlite inside the server', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fc-pglite-memory-'));
    database = await openDatabase(undefined, dir);
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  const setting = async (name: string) => {
    const rows = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return rows.rows[0]?.[name];
  };

  it("holds 32 MB of shared buffers and 16 MB for index builds, not a server's 128 and 64 (ANALYSIS-EXPORT-HEAP-BOUNDED)", async () => {
    expect(await setting('shared_buffers')).toBe('32MB');
    expect(await setting('maintenance_work_mem')).toBe('16MB');
  });
});
