import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoConfigs, ssoIdentities } from '../../db/schema/index.js';

/**
 * The tested configuration that requires single sign-on of this person — by a provider account linked to them
 * or by their e-mail's domain — or null when a password may sign them in. A break-glass account is named in
 * the answer: it may still use its password, and the caller audits that it did.
 */
export async function requiredSsoFor(
  db: Db,
  user: { id: string; email: string },
): Promise<{ id: string; companyId: string; breakGlass: boolean } | null> {
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
  const rows = await db
    .select({
      id: ssoConfigs.id,
      companyId: ssoConfigs.companyId,
      breakGlass: sql<boolean>`${ssoConfigs.breakGlassUserIds} ? ${user.id}`,
    })
    .from(ssoConfigs)
    .where(
      and(
        eq(ssoConfigs.enforcement, 'required'),
        isNotNull(ssoConfigs.testedAt),
        or(
          sql`${ssoConfigs.emailDomains} ? ${domain}`,
          sql`exists (select 1 from ${ssoIdentities} where ${ssoIdentities.configId} = ${ssoConfigs.id}
            and ${ssoIdentities.userId} = ${user.id})`,
        ),
      ),
    );
  // A person bound by two companies' rules is held to the stricter: break-glass in one is not in the other.
  return rows.find((r) => !r.breakGlass) ?? rows[0] ?? null;
}
