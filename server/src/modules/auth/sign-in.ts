import type { LoginResult, PhonePrefix } from '@fleet/contract';
import { accessTo, type CompanyAccess, defaultCompany } from '../../auth/company-access.js';
import { verifyPassword } from '../../auth/passwords.js';
import { loadSession, revokeSession } from '../../auth/sessions.js';
import { sessions } from '../../db/schema/index.js';
import { AppError, notFound, unauthorized } from '../../errors.js';
import type { Services } from '../../services.js';
import { findAccount } from '../people/find-account.js';
import { markSignedIn } from '../people/repo.js';
import { regionOf } from '../regions/region-of.js';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-limiter.js';

const WRONG_CREDENTIALS = 'Wrong account or password';

export async function signInWithPassword(
  services: Services,
  input: { account: string; phonePrefix?: PhonePrefix | undefined; password: string },
  ip: string,
): Promise<LoginResult> {
  const accountKey = input.account.trim().toLowerCase();
  await assertLoginAllowed(services.dir, accountKey, ip);
  const user = await findAccount(services.dir, input.account, input.phonePrefix);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await recordLoginFailure(services.dir, accountKey, ip);
    throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
  }
  const company = await defaultCompany(services.dir, user.id);
  if (!company) throw new AppError('FORBIDDEN', 'This account belongs to no company yet');
  await clearLoginFailures(services.dir, accountKey);
  return openSession(services, user.id, company, ip);
}

/** Company switch: the current token proves who it is; the new session is in the chosen company. */
export async function signInToCompany(
  services: Services,
  input: { token: string; companyId: string },
  ip: string,
): Promise<LoginResult> {
  const claims = await services.tokens.verify(input.token);
  const current = claims && (await loadSession(services.dir, claims, await services.sessionOptions()));
  if (!current) throw unauthorized();
  const company = await accessTo(services.dir, current.userId, input.companyId);
  if (!company) throw notFound('company');
  const result = await openSession(services, current.userId, company, ip);
  // The browser replaces its token; the old one must not linger as a second way in.
  await revokeSession(services.dir, current.id);
  return result;
}

async function openSession(services: Services, userId: string, company: CompanyAccess, ip: string) {
  const [session] = await services.dir
    .insert(sessions)
    .values({ userId, companyId: company.companyId, ip })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  await markSignedIn(services.dir, userId);
  const token = await services.tokens.sign({ sessionId: session.id, userId, companyId: company.companyId });
  const { region, isHere } = regionOf(services, company.region);
  return {
    token,
    companyId: company.companyId,
    region,
    ...(isHere || !region.host ? {} : { operationHost: region.host }),
  };
}
