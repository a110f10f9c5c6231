import type { LoginResult, PhonePrefix } from '@fleet/contract';
import { accessTo, type CompanyAccess, defaultCompany } from '../../auth/company-access.js';
import { verifyPassword } from '../../auth/passwords.js';
import { insertSession, loadSession, revokeSession } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { AppError, notFound, unauthorized } from '../../errors.js';
import type { Services } from '../../services.js';
import { recordAudit } from '../audit/record-audit.js';
import { findAccount } from '../people/find-account.js';
import { markSignedIn } from '../people/repo.js';
import { regionOf } from '../regions/region-of.js';
import { requiredSsoFor } from '../sso/password-policy.js';
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
  if (user.disabledAt) throw new AppError('FORBIDDEN', 'This account is disabled by its company');
  const sso = await requiredSsoFor(services.dir, user);
  if (sso && !sso.breakGlass) {
    throw new AppError(
      'FORBIDDEN',
      'Your company signs in with single sign-on: choose “Sign in with SSO”',
      {},
      [],
      { rule: 'ssoRequired', params: { ssoId: sso.id } },
    );
  }
  const company = await defaultCompany(services.dir, user.id);
  if (!company) throw new AppError('FORBIDDEN', 'This account belongs to no company yet');
  await clearLoginFailures(services.dir, accountKey);
  if (!sso) return openSession(services, services.dir, user.id, company, ip);
  // A break-glass sign-in while single sign-on is required is recorded in the company it bypasses.
  return services.dir.transaction(async (tx) => {
    await recordAudit(tx, {
      companyId: sso.companyId,
      actorId: user.id,
      action: 'person.breakGlassSignIn',
      targetId: user.id,
      detail: { ssoConfigId: sso.id },
      ip,
    });
    return openSession(services, tx, user.id, company, ip);
  });
}

/** Company switch: the current token proves who it is; the new session is in the chosen company. */
export async function signInToCompany(
  services: Services,
  input: { token: string; companyId: string },
  ip: string,
): Promise<LoginResult> {
  const claims = await services.tokens.verify(input.token);
  const current =
    claims && (await loadSession(services.dir, claims, await services.sessionOptions(), services.auth));
  if (!current) throw unauthorized();
  const company = await accessTo(services.dir, current.userId, input.companyId);
  if (!company) throw notFound('company');
  const result = await openSession(services, services.dir, current.userId, company, ip);
  // The browser replaces its token; the old one must not linger as a second way in.
  await revokeSession(services.dir, current.id);
  return result;
}

/** A new session of the person in the company, written through `db` (a transaction when the caller has one). */
export async function openSession(
  services: Services,
  db: Db,
  userId: string,
  company: CompanyAccess,
  ip: string,
): Promise<LoginResult> {
  const sessionId = await insertSession(db, userId, company.companyId, ip);
  await markSignedIn(db, userId);
  return sessionAnswer(services, sessionId, userId, company);
}

/** The token of an open session and where the console should reach its company. */
export async function sessionAnswer(
  services: Services,
  sessionId: string,
  userId: string,
  company: Pick<CompanyAccess, 'companyId' | 'region'>,
): Promise<LoginResult> {
  const token = await services.tokens.sign({ sessionId, userId, companyId: company.companyId });
  const { region, isHere } = regionOf(services, company.region);
  return {
    token,
    companyId: company.companyId,
    region,
    ...(isHere || !region.host ? {} : { operationHost: region.host }),
  };
}
