import { and, eq } from 'drizzle-orm';
import { authorize, personTarget } from '../../auth/authorize.js';
import { revokeSessionsOf, type Session } from '../../auth/sessions.js';
import { memberships, robotAssignments, roleAssignments } from '../../db/schema/index.js';
import { conflict, notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { findPerson } from './repo.js';

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
    await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, session.companyId)));
    await tx
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.companyId, session.companyId)));
    await revokeSessionsOf(tx, userId, session.companyId);
    await audit(tx, session, ip, 'person.remove', userId, { role: target.role, email: target.email });
  });
  // Assignments live in the regional database: they go after the membership, which alone grants access.
  await services.reg
    .delete(robotAssignments)
    .where(and(eq(robotAssignments.userId, userId), eq(robotAssignments.companyId, session.companyId)));
}
