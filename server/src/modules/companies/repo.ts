import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';
import { containsPattern } from '../../db/sql-errors.js';

export type CompanyRow = typeof companies.$inferSelect;

export async function companyOf(db: Db, id: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

export async function companyNamed(db: Db, name: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.name, name));
  return row ?? null;
}

export async function companiesByIds(db: Db, ids: string[]): Promise<CompanyRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
}

/** Every company, by name (for a super admin). */
export function allCompanies(db: Db): Promise<CompanyRow[]> {
  return db.select().from(companies).orderBy(asc(companies.name));
}

/** One page of a company's subsidiaries, by name, with how many there are. */
export async function findSubsidiaries(
  db: Db,
  parentId: string,
  name: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: CompanyRow[]; total: number }> {
  const where = and(
    eq(companies.parentId, parentId),
    name ? ilike(companies.name, containsPattern(name)) : undefined,
  );
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every subsidiary of a company, by name. */
export function subsidiariesOf(db: Db, parentId: string): Promise<CompanyRow[]> {
  return db.select().from(companies).where(eq(companies.parentId, parentId)).orderBy(asc(companies.name));
}
