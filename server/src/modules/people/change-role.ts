import { and, eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { memberships } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { findPerson } from './repo.js';

const membershipOf = (companyId: string, userId: string) =>
  and(eq(memberships.companyId, companyId), eq(memberships.userId, userId));

/** Makes a staff member administrator, or an administrator staff again. Owner only. */
export async function setAdmin(
  services: Services,
  session: Session,
  userId: string,
  admin: boolean,
  ip: string,
): Promise<void> {
  authorize(session, 'admins.manage');
  const target = await findPerson(services.dir, session.companyId, userId);
  if (!target) throw notFound('person');
  if (target.role === 'owner')
    throw conflict('body.userId: the owner’s role changes only by a transfer of ownership');
  const role = admin ? 'admin' : 'staff';
  if (target.role === role) return;
  await services.dir.transaction(async (tx) => {
    // Set by hand: single sign-on's group mapping may raise it at a later sign-in, never lower it.
    await tx
      .update(memberships)
      .set({ role, roleBySso: false })
      .where(membershipOf(session.companyId, userId));
    await audit(tx, session, ip, admin ? 'person.setAdmin' : 'person.unsetAdmin', userId, {
      from: target.role,
      to: role,
    });
  });
}

/** Hands the company to another member; the old owner stays as administrator. One transaction. */
export async function transferOwner(
  services: Services,
  session: Session,
  userId: string,
  ip: string,
): Promise<void> {
  authorize(session, 'owner.transfer');
  if (userId === session.userId) throw badRequest('body.userId', 'you already own the company');
  const target = await findPerson(services.dir, session.companyId, userId);
  if (!target) throw notFound('person');
  await services.dir.transaction(async (tx) => {
    // The old owner steps down first: the one-owner index would refuse two owners even for a moment.
    const demoted = await tx
      .update(memberships)
      .set({ role: 'admin', roleBySso: false })
      .where(and(membershipOf(session.companyId, session.userId), eq(memberships.role, 'owner')))
      .returning({ userId: memberships.userId });
    if (!demoted.length) throw conflict('the company’s ownership changed meanwhile; reload and try again');
    await tx
      .update(memberships)
      .set({ role: 'owner', roleBySso: false })
      .where(membershipOf(session.companyId, userId));
    await audit(tx, session, ip, 'company.transferOwner', userId, {
      previousOwner: session.userId,
      previousRole: target.role,
    });
  });
}
