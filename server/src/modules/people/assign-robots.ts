import { type Person, personTarget } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertServedHere } from '../regions/region-of.js';
import { countOwnRobots, replaceRobotAssignments } from '../robots/repo.js';
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
    if ((await countOwnRobots(tx, session.companyId, wanted)) !== wanted.length) throw notFound('robot');
    await replaceRobotAssignments(tx, session.companyId, target.id, wanted);
  });
  await audit(services.dir, session, ip, 'person.assignRobots', target.id, { robotIds: wanted });
  return personDto(services, session.companyId, target);
}
