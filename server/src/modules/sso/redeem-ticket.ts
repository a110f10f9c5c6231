import type { LoginResult } from '@fleet/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import { openSessionById } from '../../auth/sessions.js';
import { ssoTickets } from '../../db/schema/index.js';
import { unauthorized } from '../../errors.js';
import type { Services } from '../../services.js';
import { sessionAnswer } from '../auth/sign-in.js';
import { sha256 } from './start-sign-in.js';

/**
 * The token of the session a provider sign-in opened, given once for its ticket: the ticket travels in the
 * browser's address, the token never does. A used, expired or unknown ticket is 401.
 */
export async function redeemTicket(services: Services, ticket: string): Promise<LoginResult> {
  const [taken] = await services.dir
    .delete(ssoTickets)
    .where(and(eq(ssoTickets.ticketHash, sha256(ticket)), gt(ssoTickets.expiresAt, sql`now()`)))
    .returning({ sessionId: ssoTickets.sessionId });
  const session = taken ? await openSessionById(services.dir, taken.sessionId) : null;
  if (!session) throw unauthorized('This sign-in has expired or was used already: sign in again');
  return sessionAnswer(services, session.id, session.userId, session);
}
