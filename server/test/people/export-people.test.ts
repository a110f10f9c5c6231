import { api } from '@fleet/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../src/db/schema/index.js';
import { companyIdOf, demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';

const HEADER = [
  'First name',
  'Last name',
  'E-mail',
  'Phone prefix',
  'Phone',
  'Role',
  'Last sign-in',
  'Joined',
];

let t: TestApp;
const token = { owner: '', staff: '' };
let acme = '';
beforeAll(async () => {
  t = await buildTestApp();
  acme = await companyIdOf(t, 'Acme Robotics');
  Object.assign(token, await demoTokens(t, 'owner', 'staff'));
});
afterAll(() => t.close());

/** RFC 4180: fields split on commas, quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const next = text[i + 1];
    if (quoted && ch === '"' && next === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && next === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** The raw answer: bytes, headers and status, without the helper's JSON decoding. */
async function exportRaw(query: Record<string, string> = {}, tok: string | null = token.owner) {
  return t.app.inject({
    method: 'GET',
    url: api.exportPeople.path,
    query,
    headers: tok ? { token: tok } : {},
  });
}
async function exportRows(query: Record<string, string> = {}, tok = token.owner) {
  const res = await exportRaw(query, tok);
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...rows] = parseCsv(res.body.replace(/^\uFEFF/, ''));
  expect(header).toEqual(HEADER);
  return rows;
}
const emailsOf = (rows: string[][]) => rows.map((r) => r[2]);

describe('the people CSV', () => {
  it('is a text/csv attachment with a dated file name', async () => {
    const res = await exportRaw();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="people-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it('starts with a UTF-8 byte-order mark, then a header row; every line ends in CRLF', async () => {
    const res = await exportRaw();
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body.startsWith(`\uFEFF${HEADER.join(',')}\r\n`)).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
  });

  it('has one row per person of the company, the same people as the search', async () => {
    const rows = await exportRows();
    const search = await call(t.app, 'searchPeople', {
      token: token.owner,
      body: { pageIndex: 1, pageLength: 200, requestData: { sortBy: 'name' } },
    });
    expect(rows).toHaveLength(search.body.data.totalCnt);
    expect(emailsOf(rows)).toEqual(search.body.data.list.map((p) => p.email));
    const owner = rows.find((r) => r[2] === 'owner@acme.test');
    // A phone prefix "+1" would run as a formula in a spreadsheet: it is defused with a quote.
    expect(owner?.slice(0, 6)).toEqual(['Olivia', 'Owens', 'owner@acme.test', "'+1", '2025550101', 'owner']);
    expect(owner?.[7]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('staff may export too (they read the company’s people); without a token it is 401', async () => {
    expect(await exportRows({}, token.staff)).toHaveLength((await exportRows()).length);
    expect((await exportRaw({}, null)).statusCode).toBe(401);
  });

  it('respects the role and keyword filters', async () => {
    expect(emailsOf(await exportRows({ role: 'admin' }))).toEqual(['admin@acme.test', 'super@fleet.test']);
    expect(emailsOf(await exportRows({ role: 'owner' }))).toEqual(['owner@acme.test']);
    expect(emailsOf(await exportRows({ keyword: 'STONE' }))).toEqual(['staff@acme.test']);
    expect(await exportRows({ keyword: 'stone', role: 'admin' })).toEqual([]);
    const bad = await exportRaw({ role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().info).toMatch(/^query\.role/);
  });

  it('quotes commas, quotes and line breaks, keeps UTF-8 names, and defuses formulas', async () => {
    const add = (firstName: string, lastName: string, email: string) =>
      call(t.app, 'createPerson', { token: token.owner, body: { firstName, lastName, email } });
    expect((await add('Zoë', 'O"Brien, Jr', 'zoe@acme.test')).status).toBe(200);
    expect((await add('=HYPERLINK("http://evil.test")', '@SUM(A1)', 'formula@acme.test')).status).toBe(200);
    expect((await add('-2+3', '+cmd', 'minus@acme.test')).status).toBe(200);
    const res = await exportRaw({ keyword: 'acme.test' });
    expect(res.body).toContain('Zoë,"O""Brien, Jr",zoe@acme.test');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"")",'@SUM(A1),formula@acme.test`);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    const byEmail = new Map(rows.map((r) => [r[2], r]));
    expect(byEmail.get('zoe@acme.test')?.slice(0, 2)).toEqual(['Zoë', 'O"Brien, Jr']);
    expect(byEmail.get('formula@acme.test')?.slice(0, 2)).toEqual([
      `'=HYPERLINK("http://evil.test")`,
      "'@SUM(A1)",
    ]);
    expect(byEmail.get('minus@acme.test')?.slice(0, 2)).toEqual(["'-2+3", "'+cmd"]);
    for (const r of rows.slice(1)) {
      for (const field of r) expect(field, JSON.stringify(r)).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('exports every person of a large company, page after page', async () => {
    // Up to exactly two full pages of 500: the last page is full, so the export must ask once more.
    const [have] = await t.directory.db
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.companyId, acme));
    const extra = 1000 - (have?.n ?? 0);
    const made = await t.directory.db
      .insert(users)
      .values(
        Array.from({ length: extra }, (_, i) => ({
          email: `bulk${String(i).padStart(4, '0')}@bulk.test`,
          firstName: `Bulk ${String(i).padStart(4, '0')}`,
          lastName: 'Person',
        })),
      )
      .returning({ id: users.id });
    await t.directory.db
      .insert(memberships)
      .values(made.map((u) => ({ userId: u.id, companyId: acme, role: 'staff' as const })));
    const rows = await exportRows();
    expect(rows).toHaveLength(1000);
    expect(new Set(emailsOf(rows)).size).toBe(1000);
    const bulk = emailsOf(rows).filter((e) => e?.endsWith('@bulk.test'));
    expect(bulk).toHaveLength(extra);
    expect(bulk).toEqual([...bulk].sort());

    // One more person and the third page holds exactly one row.
    const [one] = await t.directory.db
      .insert(users)
      .values({ email: 'zz-last@bulk.test', firstName: 'Zz', lastName: 'Last' })
      .returning({ id: users.id });
    await t.directory.db
      .insert(memberships)
      .values({ userId: one?.id ?? '', companyId: acme, role: 'staff' });
    const more = await exportRows();
    expect(more).toHaveLength(1001);
    expect(more.at(-1)?.[2]).toBe('zz-last@bulk.test');
    expect(await exportRows({ keyword: 'bulk.test', role: 'staff' })).toHaveLength(extra + 1);
  });
});
