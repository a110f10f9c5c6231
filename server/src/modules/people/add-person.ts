import { type Person, type PhonePrefix, personTarget } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { memberships, users } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { sendVerifyCode } from '../auth/password-reset.js';
import { normalisePhone } from './find-account.js';
import { personDto } from './people-dtos.js';
import { findPerson } from './repo.js';

export interface NewPerson {
  firstName: string;
  lastName: string;
  email: string;
  phonePrefix?: PhonePrefix | null | undefined;
  phoneNumber?: string | null | undefined;
  role: 'admin' | 'staff';
  enableAudio: boolean;
}

/**
 * Adds a person to the caller's company. Someone who already has an account (in any company) joins with
 * that account; a new account gets an e-mail with a code to set its password.
 */
export async function addPerson(
  services: Services,
  session: Session,
  input: NewPerson,
  ip: string,
): Promise<Person> {
  authorize(session, 'people.manage', personTarget({ id: '', role: input.role }));
  const { userId, created } = await services.dir.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    let id = existing?.id;
    if (id) {
      const [member] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.userId, id), eq(memberships.companyId, session.companyId)));
      if (member) throw conflict('body.email: this person is already a member of the company');
    } else {
      const [row] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phonePrefix: input.phoneNumber ? (input.phonePrefix ?? null) : null,
          phoneNumber: input.phoneNumber ? normalisePhone(input.phoneNumber) : null,
        })
        .returning({ id: users.id });
      id = row?.id;
    }
    if (!id) throw new Error('account not created');
    await tx
      .insert(memberships)
      .values({ userId: id, companyId: session.companyId, role: input.role, enableAudio: input.enableAudio });
    await audit(tx, session, ip, 'person.add', id, { role: input.role, newAccount: !existing });
    return { userId: id, created: !existing };
  });
  if (created) await sendVerifyCode(services, input.email);
  const row = await findPerson(services.dir, session.companyId, userId);
  if (!row) throw new Error('person vanished after being added');
  return personDto(services, session.companyId, row);
}
