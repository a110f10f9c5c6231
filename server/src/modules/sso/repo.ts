import type { SsoConfig } from '@fleet/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, ssoConfigs } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';

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
    .select({ id: ssoConfigs.id, companyName: companies.name })
    .from(ssoConfigs)
    .innerJoin(companies, eq(companies.id, ssoConfigs.companyId))
    .where(sql`${ssoConfigs.emailDomains} ? ${domain}`);
  return row ?? null;
}
