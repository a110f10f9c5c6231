import { personTarget } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import { revokeSessionsOf, type Session } from '../../auth/sessions.js';
import { conflict, notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { clearRobotAssignments } from '../robots/repo.js';
import { clearRoleAssignments } from '../roles/repo.js';
import { deleteMembership, findPerson } from './repo.js';

/** Removes a member from the company; their sessions in it end at once. The owner leaves only by a transfer. */
export async function removePerson(
  services: Services,
  session: Session,
  userId: string,
  ip: string,
): Promise<void> {
  const target = await findPerson(services.dir, session.companyId, userId);
  if (!target) throw notFound('person');
  // Permission first: only someone who may manage the owner (the owner) hears why the owner cannot leave.
  authorize(session, 'people.manage', personTarget(target));
  if (target.role === 'owner')
    throw conflict('body.id: the owner cannot be removed; transfer ownership first');
  await services.dir.transaction(async (tx) => {
    await deleteMembership(tx, session.companyId, userId);
    await clearRoleAssignments(tx, session.companyId, userId);
    await revokeSessionsOf(tx, userId, session.companyId);
    await audit(tx, session, ip, 'person.remove', userId, { role: target.role, email: target.email });
  });
  // Assignments live in the regional database: they go after the membership, which alone grants access.
  await clearRobotAssignments(services.reg, session.companyId, userId);
}
