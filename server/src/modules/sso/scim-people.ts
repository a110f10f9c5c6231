import type { ScimCaller } from '../../auth/scim-tokens.js';
import type { Db } from '../../db/client.js';
import { type DomainMemberRow, domainMemberById, listDomainMembers } from '../people/account-repo.js';

/*
 * The people a SCIM token sees: members of its company whose e-mail domain is one of its provider's. Everyone
 * else — another company's people, this company's members of other domains — is simply not found.
 */

export type ScimPersonRow = DomainMemberRow;

export function scimPersonById(db: Db, caller: ScimCaller, id: string) {
  return domainMemberById(db, caller, id);
}

/** One page of the people in scope (or the one with `email`), oldest account first, and how many there are. */
export function listScimPeople(
  db: Db,
  caller: ScimCaller,
  opts: { email?: string; offset: number; limit: number },
) {
  return listDomainMembers(db, caller, opts);
}
