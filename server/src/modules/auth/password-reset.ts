import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import { revokeSessionsOf } from '../../auth/sessions.js';
import { verifyCodes } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { Services } from '../../services.js';
import { accountByEmail, setPasswordHash } from '../people/repo.js';

export const CODE_VALID_MINUTES = 10;
const MAX_ATTEMPTS = 5;
/** A new code is not sent more often than this, so the endpoint cannot flood a mailbox. */
const RESEND_SECONDS = 60;

const hashCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** Sends a code when the account exists; the caller's answer is the same either way. */
export async function sendVerifyCode(services: Services, email: string): Promise<void> {
  const user = await accountByEmail(services.dir, email);
  if (!user) return;
  const [recent] = await services.dir
    .select({ id: verifyCodes.id })
    .from(verifyCodes)
    .where(
      and(
        eq(verifyCodes.userId, user.id),
        gt(verifyCodes.createdAt, sql`now() - make_interval(secs => ${RESEND_SECONDS})`),
      ),
    );
  if (recent) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await services.dir.transaction(async (tx) => {
    // Only the newest code works.
    await tx
      .update(verifyCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(verifyCodes.userId, user.id), isNull(verifyCodes.usedAt)));
    await tx.insert(verifyCodes).values({
      userId: user.id,
      codeHash: hashCode(user.id, code),
      expiresAt: sql`now() + make_interval(mins => ${CODE_VALID_MINUTES})`,
    });
  });
  await services.mailer.send({
    to: user.email,
    subject: `${services.config.productName} verification code: ${code}`,
    text: [
      `Hello ${user.firstName},`,
      '',
      `Your verification code is ${code}. It works once, for ${CODE_VALID_MINUTES} minutes.`,
      'If you did not ask for it, ignore this message: your password stays as it is.',
      '',
      `您的验证码是 ${code}，${CODE_VALID_MINUTES} 分钟内有效，仅可使用一次。`,
    ].join('\n'),
  });
}

/** Sets the new password when the code is right; every session of the account ends. */
export async function resetPassword(
  services: Services,
  input: { email: string; code: string; password: string },
): Promise<void> {
  const wrong = badRequest('body.code', 'wrong or expired code');
  const user = await accountByEmail(services.dir, input.email);
  if (!user) throw wrong;
  const [current] = await services.dir
    .select()
    .from(verifyCodes)
    .where(
      and(eq(verifyCodes.userId, user.id), isNull(verifyCodes.usedAt), gt(verifyCodes.expiresAt, sql`now()`)),
    )
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  if (!current) throw wrong;
  if (current.codeHash !== hashCode(user.id, input.code)) {
    const attempts = current.attempts + 1;
    await services.dir
      .update(verifyCodes)
      .set({ attempts, ...(attempts >= MAX_ATTEMPTS ? { usedAt: sql`now()` } : {}) })
      .where(eq(verifyCodes.id, current.id));
    throw wrong;
  }
  const passwordHash = await hashPassword(input.password);
  await services.dir.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await tx.update(verifyCodes).set({ usedAt: sql`now()` }).where(eq(verifyCodes.id, current.id));
    await revokeSessionsOf(tx, user.id);
  });
}
