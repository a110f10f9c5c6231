import type { ScimUser } from '@fleet/contract';
import type { ScimCaller } from '../../auth/scim-tokens.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import { ScimRefusal, scimBadRequest } from '../../http/scim-errors.js';
import type { Services } from '../../services.js';
import { accountKeyByEmail, insertProviderAccount, membershipRole } from '../people/account-repo.js';
import { insertMembership } from '../people/repo.js';
import { changeNames } from './change-scim-person.js';
import { deprovisionPerson, recordScimAudit, reprovisionPerson } from './deprovision-person.js';
import type { ScimChanges } from './read-scim-changes.js';
import { scimPersonById } from './scim-people.js';
import { toScimUser } from './scim-resources.js';

const alreadyMember = () =>
  new ScimRefusal('CONFLICT', 'userName: this person is already a member of the company', 'uniqueness');

/**
 * A POST: the person joins the company with the configuration's default role, marked as set by single sign-on so
 * a sign-in's group mapping may adjust it. A new address gets an account without a password (they sign in through
 * the provider); a known one is linked. `active` (true unless sent) is applied like a PATCH of it.
 */
export async function provisionScimPerson(
  services: Services,
  caller: ScimCaller,
  changes: ScimChanges & { email: string },
  ip: string,
): Promise<ScimUser> {
  const domain = changes.email.slice(changes.email.lastIndexOf('@') + 1);
  if (!caller.emailDomains.includes(domain)) {
    throw scimBadRequest(
      'invalidValue',
      `userName: ${domain} is not one of this provider’s e-mail domains (${caller.emailDomains.join(', ')})`,
    );
  }
  try {
    const row = await services.dir.transaction(async (tx) => {
      const existing = await accountKeyByEmail(tx, changes.email);
      let userId: string;
      if (existing) {
        if (await membershipRole(tx, caller.companyId, existing.id)) throw alreadyMember();
        await changeNames(tx, caller, existing, changes, ip);
        userId = existing.id;
      } else {
        const local = changes.email.slice(0, changes.email.indexOf('@'));
        userId = await insertProviderAccount(tx, {
          email: changes.email,
          firstName: changes.firstName ?? local,
          lastName: changes.lastName ?? '',
        });
      }
      const role = caller.defaultRole;
      await insertMembership(tx, { userId, companyId: caller.companyId, role, roleBySso: true });
      await recordScimAudit(tx, caller, ip, 'person.provision', userId, { role, newAccount: !existing });
      const person = await scimPersonById(tx, caller, userId);
      if (!person) throw new Error('person not provisioned');
      if (changes.active === false) await deprovisionPerson(tx, caller, person, ip);
      else await reprovisionPerson(tx, caller, person, ip);
      return scimPersonById(tx, caller, userId);
    });
    if (!row) throw new Error('person vanished after being provisioned');
    return toScimUser(row, services.config.publicUrl);
  } catch (error) {
    // Two provisioning calls for one address at once: the second finds the first's account or membership.
    if (isUniqueViolation(error)) throw alreadyMember();
    throw error;
  }
}
