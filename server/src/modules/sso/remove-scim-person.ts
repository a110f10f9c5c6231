import type { ScimCaller } from '../../auth/scim-tokens.js';
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { companyOf } from '../companies/repo.js';
import { deleteMembership } from '../people/repo.js';
import { clearRobotAssignments } from '../robots/repo.js';
import { clearRoleAssignments } from '../roles/repo.js';
import { deprovisionPerson, recordScimAudit } from './deprovision-person.js';
import { scimPersonById } from './scim-people.js';

/**
 * A DELETE: the person is de-provisioned (their account disabled, every session ended) and leaves the company, in
 * one transaction. The account row and everything they made or did stay; the provider sees them no more (404).
 */
export async function removeScimPerson(services: Services, caller: ScimCaller, id: string, ip: string) {
  const region = await services.dir.transaction(async (tx) => {
    const person = await scimPersonById(tx, caller, id);
    if (!person) throw notFound('User');
    await deprovisionPerson(tx, caller, person, ip, { removed: true });
    await deleteMembership(tx, caller.companyId, person.id);
    await clearRoleAssignments(tx, caller.companyId, person.id);
    await recordScimAudit(tx, caller, ip, 'person.remove', person.id, {
      role: person.role,
      email: person.email,
    });
    return (await companyOf(tx, caller.companyId))?.region;
  });
  // Robot assignments live in the company's regional database, after the membership, which alone grants access; a
  // company of another region keeps rows nobody can use until its own console removes them.
  if (region === services.config.region) await clearRobotAssignments(services.reg, caller.companyId, id);
}
