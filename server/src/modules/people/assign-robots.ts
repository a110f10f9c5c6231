import type { Person } from '@fleet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { authorize, personTarget } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { robotAssignments, robots } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { personDto } from './people-dtos.js';
import { findPerson } from './repo.js';

/** Replaces the set of robots a person may operate. Every robot must be the company's own. */
export async function assignRobots(
  services: Services,
  session: Session,
  input: { userId: string; robotIds: string[] },
  ip: string,
): Promise<Person> {
  assertServedHere(services, session);
  const target = await findPerson(services.dir, session.companyId, input.userId);
  if (!target) throw notFound('person');
  authorize(session, 'people.assignRobots', personTarget(target));
  const wanted = [...new Set(input.robotIds)];
  await services.reg.transaction(async (tx) => {
    if (wanted.length) {
      const owned = await tx
        .select({ id: robots.id })
        .from(robots)
        .where(and(eq(robots.companyId, session.companyId), inArray(robots.id, wanted)));
      if (owned.length !== wanted.length) throw notFound('robot');
    }
    await tx
      .delete(robotAssignments)
      .where(and(eq(robotAssignments.userId, target.id), eq(robotAssignments.companyId, session.companyId)));
    if (wanted.length) {
      await tx
        .insert(robotAssignments)
        .values(wanted.map((robotId) => ({ companyId: session.companyId, userId: target.id, robotId })));
    }
  });
  await audit(services.dir, session, ip, 'person.assignRobots', target.id, { robotIds: wanted });
  return personDto(services, session.companyId, target);
}
