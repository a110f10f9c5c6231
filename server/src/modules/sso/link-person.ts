import type { Role } from '@fleet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ssoIdentities } from '../../db/schema/index.js';
import { recordAudit } from '../audit/record-audit.js';
import {
  accountKeyByEmail,
  insertProviderAccount,
  isAccountDisabled,
  membershipRole,
  setMembershipRole,
} from '../people/account-repo.js';
import { insertMembership } from '../people/repo.js';
import { syncedRole } from './map-role.js';
import type { SsoRow } from './repo.js';
import { Refused } from './sign-in-refused.js';

export interface ProviderPersonClaims {
  subject: string;
  email: string;
  name: string;
  groups: string[];
}

/**
 * The console's person for the provider's account: by (issuer, subject) once linked — never by e-mail again —,
 * else by e-mail at the first sign-in (then linked), else created when just-in-time sign-up is on. Their
 * membership of the company is created (just in time) or its role re-evaluated from the groups. Run in the
 * sign-in's transaction; a refusal rolls it all back.
 */
export async function linkPerson(
  tx: Db,
  row: SsoRow,
  person: ProviderPersonClaims,
  role: 'admin' | 'staff',
  ip: string,
): Promise<string> {
  const record = (action: 'person.provision' | 'person.roleSync', userId: string, detail: object) =>
    recordAudit(tx, {
      companyId: row.companyId,
      actorId: null,
      action,
      targetId: userId,
      detail: { ...detail, via: 'sso', ssoConfigId: row.id },
      ip,
    });
  const [linked] = await tx
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, row.issuer), eq(ssoIdentities.subject, person.subject)));
  let userId = linked?.userId;
  let newAccount = false;
  if (!userId) {
    userId = (await accountKeyByEmail(tx, person.email))?.id;
    if (userId) {
      // Linked already to another account of this provider: the e-mail alone never takes that person over.
      const [other] = await tx
        .select({ subject: ssoIdentities.subject })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.issuer, row.issuer), eq(ssoIdentities.userId, userId)));
      if (other) throw new Refused('account_linked');
    } else {
      if (!row.jit) throw new Refused('not_provisioned');
      userId = await insertProviderAccount(tx, {
        email: person.email,
        ...splitName(person.name, person.email),
      });
      newAccount = true;
    }
    await tx.insert(ssoIdentities).values({
      issuer: row.issuer,
      subject: person.subject,
      configId: row.id,
      userId,
    });
  }
  if (await isAccountDisabled(tx, userId)) throw new Refused('account_disabled');
  const member = await membershipRole(tx, row.companyId, userId);
  if (!member) {
    if (!row.jit) throw new Refused('not_provisioned');
    await insertMembership(tx, { userId, companyId: row.companyId, role, roleBySso: true });
    await record('person.provision', userId, { role, newAccount });
  } else {
    const next: { role: Role; roleBySso: boolean } = syncedRole(member, role);
    if (next.role !== member.role || next.roleBySso !== member.roleBySso) {
      await setMembershipRole(tx, row.companyId, userId, next);
      if (next.role !== member.role)
        await record('person.roleSync', userId, { from: member.role, to: next.role });
    }
  }
  await tx
    .update(ssoIdentities)
    .set({ lastSignInAt: sql`now()` })
    .where(and(eq(ssoIdentities.issuer, row.issuer), eq(ssoIdentities.subject, person.subject)));
  return userId;
}

/** A provider gives one display name; the console keeps first and last names. */
function splitName(name: string, email: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return { firstName: email.slice(0, email.indexOf('@')), lastName: '' };
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}
