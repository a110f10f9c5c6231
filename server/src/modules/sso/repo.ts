import { SCIM_BASE, type SsoConfig, type SsoStatus } from '@fleet/contract';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companies, ssoConfigs } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { membersAmong } from '../people/account-repo.js';

export type SsoRow = typeof ssoConfigs.$inferSelect;

/** Draft until a test passed with the current connection; active once tested and offered. */
export function statusOf(row: Pick<SsoRow, 'testedAt' | 'enforcement'>): SsoStatus {
  if (!row.testedAt) return 'draft';
  return row.enforcement === 'off' ? 'tested' : 'active';
}

/** The callback every provider must have registered for this configuration. */
export const redirectUriOf = (publicUrl: string, id: string) => `${publicUrl}/opt/v1/sso/${id}/callback`;

export type BreakGlassAccount = SsoConfig['breakGlassAccounts'][number];

export function toSsoConfigDto(row: SsoRow, publicUrl: string, breakGlass: BreakGlassAccount[]): SsoConfig {
  return {
    id: row.id,
    companyId: row.companyId,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEnc.length > 0,
    emailDomains: row.emailDomains,
    scopes: row.scopes,
    emailClaim: row.emailClaim,
    nameClaim: row.nameClaim,
    groupsClaim: row.groupsClaim,
    jit: row.jit,
    defaultRole: row.defaultRole,
    groupRoles: row.groupRoles,
    strictGroups: row.strictGroups,
    enforcement: row.enforcement,
    breakGlassUserIds: row.breakGlassUserIds,
    breakGlassAccounts: row.breakGlassUserIds.flatMap((id) => breakGlass.filter((b) => b.id === id)),
    status: statusOf(row),
    testedAt: row.testedAt?.toISOString() ?? null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    hasScimToken: row.scimTokenHash !== null,
    redirectUri: redirectUriOf(publicUrl, row.id),
    scimBaseUrl: `${publicUrl}${SCIM_BASE}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function ssoConfigOf(db: Db, companyId: string): Promise<SsoRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.companyId, companyId));
  return row ?? null;
}

export async function ssoConfigById(db: Db, id: string): Promise<SsoRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(eq(ssoConfigs.id, id));
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

/** Tested and offered: the only configurations anyone may sign in through. */
const isActive = and(isNotNull(ssoConfigs.testedAt), ne(ssoConfigs.enforcement, 'off'));

/**
 * The active provider for an e-mail domain, with its company's name; one query whatever the answer, so an
 * unknown, an inactive and another company's domain cost the same.
 */
export async function activeProviderForDomain(db: Db, domain: string) {
  const [row] = await db
    .select({ id: ssoConfigs.id, companyName: companies.name })
    .from(ssoConfigs)
    .innerJoin(companies, eq(companies.id, ssoConfigs.companyId))
    .where(and(sql`${ssoConfigs.emailDomains} ? ${domain}`, isActive));
  return row ?? null;
}

/** The active provider of the company with this name (the console operator's). */
export async function activeProviderOfCompanyNamed(db: Db, name: string) {
  const [row] = await db
    .select({ id: ssoConfigs.id, companyName: companies.name })
    .from(ssoConfigs)
    .innerJoin(companies, eq(companies.id, ssoConfigs.companyId))
    .where(and(eq(companies.name, name), isActive));
  return row ?? null;
}

const ofCompany = (companyId: string, id: string) =>
  and(eq(ssoConfigs.id, id), eq(ssoConfigs.companyId, companyId));

export async function ownSsoConfig(db: Db, companyId: string, id: string): Promise<SsoRow | null> {
  const [row] = await db.select().from(ssoConfigs).where(ofCompany(companyId, id));
  return row ?? null;
}

export type SsoValues = Omit<
  typeof ssoConfigs.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'lastSignInAt' | 'scimTokenHash'
>;

export async function insertSsoConfig(db: Db, companyId: string, values: SsoValues): Promise<SsoRow> {
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
  changes: Partial<SsoValues>,
): Promise<SsoRow | null> {
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

/** The configuration's break-glass accounts that are members of its company, named. */
export async function breakGlassOf(db: Db, row: Pick<SsoRow, 'companyId' | 'breakGlassUserIds'>) {
  const found = await membersAmong(db, row.companyId, row.breakGlassUserIds);
  return found.map((f) => ({ id: f.id, email: f.email, name: f.name }));
}

/** The configuration as the screen shows it. */
export async function ssoConfigDto(db: Db, row: SsoRow, publicUrl: string): Promise<SsoConfig> {
  return toSsoConfigDto(row, publicUrl, await breakGlassOf(db, row));
}
