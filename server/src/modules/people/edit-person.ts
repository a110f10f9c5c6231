import { type Person, type PhonePrefix, personTarget } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { memberships, users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { normalisePhone } from './find-account.js';
import { personDto } from './people-dtos.js';
import { findPerson } from './repo.js';

export interface PersonEdit {
  id: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  phonePrefix?: PhonePrefix | null | undefined;
  phoneNumber?: string | null | undefined;
  enableAudio?: boolean | undefined;
}

/** Edits a member's name, phone and audio access. Anyone may edit their own name and phone. */
export async function editPerson(
  services: Services,
  session: Session,
  input: PersonEdit,
  ip: string,
): Promise<Person> {
  const target = await findPerson(services.dir, session.companyId, input.id);
  if (!target) throw notFound('person');
  const self = target.id === session.userId;
  if (!self || input.enableAudio !== undefined) authorize(session, 'people.manage', personTarget(target));
  await services.dir.transaction(async (tx) => {
    const account: Partial<typeof users.$inferInsert> = {};
    if (input.firstName !== undefined) account.firstName = input.firstName;
    if (input.lastName !== undefined) account.lastName = input.lastName;
    if (input.phoneNumber !== undefined) {
      account.phoneNumber = input.phoneNumber ? normalisePhone(input.phoneNumber) : null;
      account.phonePrefix = input.phoneNumber ? (input.phonePrefix ?? null) : null;
    }
    if (Object.keys(account).length) await tx.update(users).set(account).where(eq(users.id, target.id));
    if (input.enableAudio !== undefined) {
      await tx
        .update(memberships)
        .set({ enableAudio: input.enableAudio })
        .where(and(eq(memberships.userId, target.id), eq(memberships.companyId, session.companyId)));
    }
    await audit(tx, session, ip, 'person.edit', target.id, {
      fields: Object.keys(input).filter((k) => k !== 'id'),
    });
  });
  const row = await findPerson(services.dir, session.companyId, target.id);
  if (!row) throw notFound('person');
  return personDto(services, session.companyId, row);
}
