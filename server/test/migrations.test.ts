import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { MIGRATIONS_DIR, MigrationError, runMigrations } from '../src/db/migrate.js';
import { freshDatabase } from './helper.js';

/** A copy of the real migrations plus one that creates a table and then fails. */
async function migrationsWithABadOne(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fc-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: '9999_broken' });
  await writeFile(journalFile, JSON.stringify(journal));
  await writeFile(
    path.join(dir, '9999_broken.sql'),
    'CREATE TABLE "half_done" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;',
  );
  return dir;
}

/** A copy of the real migrations up to and including `lastTag`. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fc-migrations-'));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  const end = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, end + 1);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** Both drivers answer raw SQL with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c();
});

describe('migrations', () => {
  it('a failed migration stops with a clear message and leaves the database as it was', async () => {
    const fresh = await freshDatabase();
    const folder = await migrationsWithABadOne();
    cleanup.push(fresh.drop, () => rm(folder, { recursive: true, force: true }));

    const failure = await runMigrations(fresh.db, folder).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MigrationError);
    expect(String((failure as Error).message)).toMatch(
      /Migration of .* failed, nothing was changed: .*no_such_table/,
    );

    const [table] = rowsOf<{ t: string | null }>(
      await fresh.db.db.execute(sql`select to_regclass('public.half_done')::text as t`),
    );
    expect(table?.t).toBeNull();
    const [applied] = rowsOf<{ n: number }>(
      await fresh.db.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'));
    expect(applied?.n).toBe(journal.entries.length);
  });

  it('running them again on an up-to-date database changes nothing', async () => {
    const fresh = await freshDatabase();
    cleanup.push(fresh.drop);
    await expect(runMigrations(fresh.db)).resolves.toBeUndefined();
  });
});

describe('migration 0006: the permission area subsidiaries is named companies', () => {
  it('custom roles keep their rights under the new name, in their order', async () => {
    const before = await migrationsUpTo('0005_buildings_floors_stations');
    const fresh = await freshDatabase(before);
    cleanup.push(fresh.drop, () => rm(before, { recursive: true, force: true }));
    await fresh.db.db.execute(sql`insert into companies (id, name, region) values
      ('00000000-0000-4000-8000-000000000001', 'Acme', 'US')`);
    await fresh.db.db.execute(sql`insert into roles (company_id, name, permissions) values
      ('00000000-0000-4000-8000-000000000001', 'Group lead', '["robots.read","subsidiaries.read","subsidiaries.manage"]'),
      ('00000000-0000-4000-8000-000000000001', 'Viewer', '["robots.read"]'),
      ('00000000-0000-4000-8000-000000000001', 'Nothing', '[]')`);

    await runMigrations(fresh.db);

    const rows = rowsOf<{ name: string; permissions: string[] }>(
      await fresh.db.db.execute(sql`select name, permissions from roles order by name`),
    );
    expect(rows).toEqual([
      { name: 'Group lead', permissions: ['robots.read', 'companies.read', 'companies.manage'] },
      { name: 'Nothing', permissions: [] },
      { name: 'Viewer', permissions: ['robots.read'] },
    ]);
  });
});

describe('migration 0023: robot days built before the group roll-up', () => {
  it('keep their hours as float8[], give their groups, and are queued to be built again', async () => {
    const before = await migrationsUpTo('0022_lift_rides');
    const fresh = await freshDatabase(before);
    cleanup.push(fresh.drop, () => rm(before, { recursive: true, force: true }));
    const hours = (h: number, v: number) =>
      JSON.stringify(Array.from({ length: 24 }, (_, i) => (i === h ? v : 0)));
    const company = '00000000-0000-4000-8000-000000000001';
    for (const [robot, tasks, excluded, working] of [
      ['00000000-0000-4000-8000-00000000000a', 3, false, 1800.25],
      ['00000000-0000-4000-8000-00000000000b', 4, false, 0.001],
      ['00000000-0000-4000-8000-00000000000c', 5, true, 3600],
    ] as const) {
      await fresh.db.db.execute(sql`insert into analysis_robot_days (company_id, robot_id, day, model, time_zone,
        excluded, active, tasks, working_s, working_by_hour, completed_by_hour, scheduled_by_hour, scheduled_working_by_hour)
        values (${company}, ${robot}, '2026-03-29', 'Tug', 'Europe/Berlin', ${excluded}, true, ${tasks}, ${working},
          ${hours(9, working)}::jsonb, ${hours(9, tasks)}::jsonb, ${hours(2, 3600)}::jsonb, ${hours(9, 0)}::jsonb)`);
    }

    await runMigrations(fresh.db);

    const days = rowsOf<{ working_by_hour: number[]; tasks_by_hour: number[] }>(
      await fresh.db.db.execute(
        sql`select working_by_hour, tasks_by_hour from analysis_robot_days order by robot_id`,
      ),
    );
    expect(days.map((d) => d.working_by_hour[9])).toEqual([1800.25, 0.001, 3600]);
    expect(days[0]?.tasks_by_hour).toEqual(new Array(24).fill(0));
    const groups = rowsOf<{ robots: number; tasks: number; working_s: number; working_by_hour: number[] }>(
      await fresh.db.db.execute(
        sql`select robots, tasks, working_s, working_by_hour from analysis_group_days`,
      ),
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ robots: 2, tasks: 7, working_s: 1800.25 + 0.001 });
    expect(groups[0]?.working_by_hour[9]).toBe(1800.25 + 0.001);
    const queued = rowsOf<{ n: number }>(
      await fresh.db.db.execute(sql`select count(*)::int as n from analysis_dirty_days`),
    );
    expect(queued[0]?.n).toBe(3);
  });
});

describe('configuration', () => {
  it('names every wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('refuses a region list that does not include this server’s region', () => {
    expect(() =>
      loadConfig({ REGION: 'EU', REGIONS: '[{"label":"US","region":"US","host":"http://us"}]' }),
    ).toThrow(/REGIONS: does not list this server's own REGION EU/);
  });

  it('defaults to one US region served by this server', () => {
    const c = loadConfig({ PORT: '9000' });
    expect(c.regions).toEqual([{ label: 'US', region: 'US', host: 'http://localhost:9000' }]);
  });
});

describe('configuration from a shell', () => {
  it('treats an empty variable as not set', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.port).toBe(8080);
  });
});
