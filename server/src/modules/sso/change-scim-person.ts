import type { ScimUser } from '@fleet/contract';
import type { ScimCaller } from '../../auth/scim-tokens.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { scimBadRequest } from '../../http/scim-errors.js';
import type { Services } from '../../services.js';
import { setAccountNames } from '../people/account-repo.js';
import { deprovisionPerson, recordScimAudit, reprovisionPerson } from './deprovision-person.js';
import type { ScimChanges } from './read-scim-changes.js';
import { type ScimPersonRow, scimPersonById } from './scim-people.js';
import { toScimUser } from './scim-resources.js';

/**
 * A PATCH or PUT of a person the provider owns: names, then the active state, in one transaction with their audit
 * rows. `active: false` de-provisions (deprovision-person.ts), `active: true` lets them back in.
 */
export async function changeScimPerson(
  services: Services,
  caller: ScimCaller,
  id: string,
  changes: ScimChanges,
  ip: string,
): Promise<ScimUser> {
  const row = await services.dir.transaction(async (tx) => {
    const person = await scimPersonById(tx, caller, id);
    if (!person) throw notFound('User');
    // The e-mail is the account's name in every company and the key of its provider's domain: it is not renamed
    // from one company's provider. A provider that renames someone provisions the new address.
    if (changes.email !== undefined && changes.email !== person.email) {
      throw scimBadRequest(
        'mutability',
        'userName: the e-mail address of an account cannot change through SCIM',
      );
    }
    await changeNames(tx, caller, person, changes, ip);
    if (changes.active === false) await deprovisionPerson(tx, caller, person, ip);
    if (changes.active === true) await reprovisionPerson(tx, caller, person, ip);
    return scimPersonById(tx, caller, id);
  });
  if (!row) throw notFound('User');
  return toScimUser(row, services.config.publicUrl);
}

/** Writes the names that differ, audited as an edit by the provider. */
export async function changeNames(
  tx: Db,
  caller: ScimCaller,
  person: Pick<ScimPersonRow, 'id' | 'firstName' | 'lastName'>,
  changes: Pick<ScimChanges, 'firstName' | 'lastName'>,
  ip: string,
): Promise<void> {
  const next: { firstName?: string; lastName?: string } = {};
  if (changes.firstName !== undefined && changes.firstName !== person.firstName)
    next.firstName = changes.firstName;
  if (changes.lastName !== undefined && changes.lastName !== person.lastName)
    next.lastName = changes.lastName;
  if (!Object.keys(next).length) return;
  await setAccountNames(tx, person.id, next);
  await recordScimAudit(tx, caller, ip, 'person.edit', person.id, { fields: Object.keys(next) });
}
