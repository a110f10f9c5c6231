import type { SsoConfig } from '@fleet/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoConfigs } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { companyNamed, companyOf } from '../companies/repo.js';

type Row = typeof ssoConfigs.$inferSelect;

export function toSsoConfigDto(row: Row): SsoConfig {
  return {
    id: row.id,
    companyId: row.companyId,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEnc.length > 0,
    emailDomains: row.emailDomains,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function ssoConfigOf(db: Db, companyId: string): Promise<Row | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.companyId, companyId));
  return row ?? null;
}

/** An e-mail domain leads to one provider only, so no two companies may claim it. */
export async function assertDomainsFree(db: Db, domains: string[], exceptCompanyId: string): Promise<void> {
  const taken = await db
    .select({ domains: ssoConfigs.emailDomains })
    .from(ssoConfigs)
    .where(
      and(
        ne(ssoConfigs.companyId, exceptCompanyId),
        sql`${ssoConfigs.emailDomains} ?| array[${sql.join(
          domains.map((d) => sql`${d}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  const clash = domains.find((d) => taken.some((t) => t.domains.includes(d)));
  if (clash) throw conflict(`body.emailDomains: ${clash} already signs in through another company`);
}

/** The provider for an e-mail domain, with its company's name. */
export async function providerForDomain(db: Db, domain: string) {
  const [row] = await db
    .select({ id: ssoConfigs.id, companyId: ssoConfigs.companyId })
    .from(ssoConfigs)
    .where(sql`${ssoConfigs.emailDomains} ? ${domain}`);
  const company = row && (await companyOf(db, row.companyId));
  return row && company ? { id: row.id, companyName: company.name } : null;
}

/** The provider of the company with this name, with the company's name. */
export async function providerOfCompanyNamed(db: Db, name: string) {
  const company = await companyNamed(db, name);
  const row = company && (await ssoConfigOf(db, company.id));
  return row && company ? { id: row.id, companyName: company.name } : null;
}

/** Whether a configuration with this id exists, in any company. */
export async function ssoConfigExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: ssoConfigs.id }).from(ssoConfigs).where(eq(ssoConfigs.id, id));
  return Boolean(row);
}

const ofCompany = (companyId: string, id: string) =>
  and(eq(ssoConfigs.id, id), eq(ssoConfigs.companyId, companyId));

export async function ownSsoConfigExists(db: Db, companyId: string, id: string): Promise<boolean> {
  const [row] = await db.select({ id: ssoConfigs.id }).from(ssoConfigs).where(ofCompany(companyId, id));
  return Boolean(row);
}

type SsoValues = Pick<Row, 'issuer' | 'clientId' | 'clientSecretEnc' | 'emailDomains'>;

export async function insertSsoConfig(db: Db, companyId: string, values: SsoValues): Promise<Row> {
  const [created] = await db
    .insert(ssoConfigs)
    .values({ companyId, ...values })
    .returning();
  if (!created) throw new Error('configuration not created');
  return created;
}

/** The configuration as changed, or null when the company has no such configuration. */
export async function updateSsoConfig(
  db: Db,
  companyId: string,
  id: string,
  changes: Omit<SsoValues, 'clientSecretEnc'> & Partial<Pick<SsoValues, 'clientSecretEnc'>>,
): Promise<Row | null> {
  const [updated] = await db
    .update(ssoConfigs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(ofCompany(companyId, id))
    .returning();
  return updated ?? null;
}

/** False when the company has no such configuration. */
export async function deleteSsoConfig(db: Db, companyId: string, id: string): Promise<boolean> {
  const gone = await db.delete(ssoConfigs).where(ofCompany(companyId, id)).returning({ id: ssoConfigs.id });
  return gone.length > 0;
}
