import type { Readable } from 'node:stream';
import type { Role } from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { csvStream } from '../../http/csv-stream.js';
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

const personRow = (p: PersonRow) => [
  p.firstName,
  p.lastName,
  p.email,
  p.phonePrefix,
  p.phoneNumber,
  p.role,
  p.lastSignInAt?.toISOString() ?? null,
  p.joinedAt.toISOString(),
];

/** Streams the company's people page by page, so a large company never sits in memory at once. */
export function exportPeopleCsv(
  db: Db,
  companyId: string,
  filter: { keyword?: string; role?: Role },
  log: FastifyBaseLogger,
): Readable {
  async function* rows() {
    for (let offset = 0; ; offset += PAGE) {
      const { rows: page } = await findPeople(db, companyId, filter, { offset, limit: PAGE, sortBy: 'name' });
      for (const p of page) yield personRow(p);
      if (page.length < PAGE) return;
    }
  }
  return csvStream(HEADER, rows(), log);
}
