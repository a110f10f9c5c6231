import type { AuditAction } from '@fleet/contract';
import type { ScimCaller } from '../../auth/scim-tokens.js';
import { revokeSessionsOf } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { ScimRefusal } from '../../http/scim-errors.js';
import { recordAudit } from '../audit/record-audit.js';
import { ownsAnyCompany, setAccountDisabled } from '../people/account-repo.js';
import type { ScimPersonRow } from './scim-people.js';

/*
 * De-provisioning by the company's identity provider. The account is the provider's (its e-mail domain is), so
 * disabling it disables it everywhere: every session of the person ends in this same transaction, the live
 * connections as soon as it commits, and no sign-in of any kind opens a new one. Their objects,
 * audit rows and memberships stay; re-provisioning lets them back in with the roles they had.
 */

/** Records a change the provider made: no person acted, so the actor is null and the detail names the provider. */
export function recordScimAudit(
  tx: Db,
  caller: ScimCaller,
  ip: string,
  action: AuditAction,
  userId: string,
  detail: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    companyId: caller.companyId,
    actorId: null,
    action,
    targetId: userId,
    detail: { ...detail, via: 'scim', ssoConfigId: caller.configId },
    ip,
  });
}

/**
 * The accounts SCIM never disables, whatever the provider says: a super admin (the console operator's, across
 * every company), the owner of any company (the one person who can always manage it, as the console never lets
 * an owner be removed either) and the configuration's break-glass accounts (there to sign in when the provider
 * fails). A mistaken sync or a leaked SCIM token must not lock a company, or the console, out of itself.
 */
async function assertMayDeprovision(tx: Db, caller: ScimCaller, person: ScimPersonRow): Promise<void> {
  const refuse = (why: string) =>
    new ScimRefusal('FORBIDDEN', `${why}: SCIM never de-provisions it (docs/sso.md)`);
  if (person.isSuperAdmin) throw refuse('This account is a super admin of the console');
  if (caller.breakGlassUserIds.includes(person.id))
    throw refuse('This account is a break-glass account of single sign-on');
  if (await ownsAnyCompany(tx, person.id))
    throw refuse('This account owns a company; transfer the ownership first');
}

/** Disables the account and ends every session of it; audited once, when it was active. Run in a transaction. */
export async function deprovisionPerson(
  tx: Db,
  caller: ScimCaller,
  person: ScimPersonRow,
  ip: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await assertMayDeprovision(tx, caller, person);
  if (person.disabledAt === null) {
    await setAccountDisabled(tx, person.id, true);
    await recordScimAudit(tx, caller, ip, 'person.deprovision', person.id, {
      email: person.email,
      ...detail,
    });
  }
  // Also when it was disabled already: no session can have opened since, but ending none costs nothing.
  await revokeSessionsOf(tx, person.id);
}

/** Lets a disabled account sign in again; audited when it was disabled. */
export async function reprovisionPerson(
  tx: Db,
  caller: ScimCaller,
  person: Pick<ScimPersonRow, 'id' | 'email' | 'disabledAt'>,
  ip: string,
): Promise<void> {
  if (person.disabledAt === null) return;
  await setAccountDisabled(tx, person.id, false);
  await recordScimAudit(tx, caller, ip, 'person.reprovision', person.id, { email: person.email });
}
