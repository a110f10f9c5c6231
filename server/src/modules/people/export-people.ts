import { Readable } from 'node:stream';
import type { Role } from '@fleet/contract';
import type { Db } from '../../db/client.js';
import { findPeople, type PersonRow } from './repo.js';

const PAGE = 500;
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

/** Quotes a CSV field; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (fields: (string | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

const personLine = (p: PersonRow) =>
  line([
    p.firstName,
    p.lastName,
    p.email,
    p.phonePrefix,
    p.phoneNumber,
    p.role,
    p.lastSignInAt?.toISOString() ?? null,
    p.joinedAt.toISOString(),
  ]);

/** Streams the company's people page by page, so a large company never sits in memory at once. */
export function exportPeopleCsv(
  db: Db,
  companyId: string,
  filter: { keyword?: string; role?: Role },
): Readable {
  async function* rows() {
    // A byte-order mark so spreadsheet programs read the UTF-8 names right.
    yield `\uFEFF${line(HEADER)}`;
    for (let offset = 0; ; offset += PAGE) {
      const { rows: page } = await findPeople(db, companyId, filter, { offset, limit: PAGE, sortBy: 'name' });
      for (const p of page) yield personLine(p);
      if (page.length < PAGE) return;
    }
  }
  return Readable.from(rows());
}
