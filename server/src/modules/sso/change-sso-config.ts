import type { SsoConfig, SsoEnforcement } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound, type RuleProblem, refusedFields } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { membersAmong } from '../people/account-repo.js';
import { isLoopback } from './provider-client.js';
import {
  assertDomainsFree,
  deleteSsoConfig,
  insertSsoConfig,
  ownSsoConfig,
  type SsoRow,
  type SsoValues,
  ssoConfigDto,
  ssoConfigOf,
  updateSsoConfig,
} from './repo.js';

interface SsoInput {
  issuer: string;
  clientId: string;
  emailDomains: string[];
  scopes: string[];
  emailClaim: string;
  nameClaim: string;
  groupsClaim: string;
  jit: boolean;
  defaultRole: 'admin' | 'staff';
  groupRoles: { group: string; role: 'admin' | 'staff' }[];
  strictGroups: boolean;
  enforcement: SsoEnforcement;
  breakGlassUserIds: string[];
}

/** What an audit row says of a configuration: never the secret. */
const auditDetail = (body: SsoInput) => ({
  issuer: body.issuer,
  emailDomains: body.emailDomains,
  enforcement: body.enforcement,
  jit: body.jit,
  breakGlassUserIds: body.breakGlassUserIds,
});

/**
 * The rules that keep a company from locking itself out: single sign-on is offered only through a connection
 * that passed a real sign-in, and required only with a break-glass account (a member with a password) to fall
 * back on.
 */
async function checkRules(db: Db, companyId: string, body: SsoInput, tested: boolean): Promise<void> {
  const problems: RuleProblem[] = [];
  if (!isSafeIssuer(body.issuer)) {
    problems.push({
      path: 'issuer',
      message: 'must be https (plain http only for a provider on this machine: localhost)',
      rule: 'issuerNotHttps',
    });
  }
  if (body.enforcement !== 'off' && !tested) {
    problems.push({
      path: 'enforcement',
      message: 'test the connection first: one sign-in through the provider must pass',
      rule: 'ssoNotTested',
    });
  }
  if (body.enforcement === 'required' && body.breakGlassUserIds.length === 0) {
    problems.push({
      path: 'breakGlassUserIds',
      message: 'name at least one break-glass account when single sign-on is required',
      rule: 'breakGlassNeeded',
    });
  }
  if (body.breakGlassUserIds.length) {
    const found = await membersAmong(db, companyId, body.breakGlassUserIds);
    body.breakGlassUserIds.forEach((id, i) => {
      const person = found.find((f) => f.id === id);
      if (!person) {
        problems.push({
          path: `breakGlassUserIds.${i}`,
          message: 'not a member of the company',
          rule: 'notMember',
        });
      } else if (!person.hasPassword) {
        problems.push({
          path: `breakGlassUserIds.${i}`,
          message: 'has no password to sign in with',
          rule: 'noPassword',
        });
      }
    });
  }
  if (problems.length) throw refusedFields(problems);
}

/** Tokens cross the network from the provider: only a provider on this machine may be reached over plain http. */
function isSafeIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'https:' || isLoopback(url);
}

const valuesOf = (body: SsoInput): Omit<SsoValues, 'clientSecretEnc'> => ({
  issuer: body.issuer,
  clientId: body.clientId,
  emailDomains: body.emailDomains,
  scopes: body.scopes,
  emailClaim: body.emailClaim,
  nameClaim: body.nameClaim,
  groupsClaim: body.groupsClaim,
  jit: body.jit,
  defaultRole: body.defaultRole,
  groupRoles: body.groupRoles,
  strictGroups: body.strictGroups,
  enforcement: body.enforcement,
  breakGlassUserIds: body.breakGlassUserIds,
});

/** Each change commits together with its audit row: configurations and the audit log share the directory. */
export async function createSsoConfig(
  { dir, cipher, config }: Services,
  session: Session,
  ip: string,
  body: SsoInput & { clientSecret: string },
): Promise<SsoConfig> {
  authorize(session, 'sso.manage');
  const row = await dir.transaction(async (tx) => {
    if (await ssoConfigOf(tx, session.companyId)) {
      throw conflict('the company already has a single sign-on configuration; edit it instead');
    }
    await checkRules(tx, session.companyId, body, false);
    await assertDomainsFree(tx, body.emailDomains, session.companyId);
    const created = await insertSsoConfig(tx, session.companyId, {
      ...valuesOf(body),
      clientSecretEnc: cipher.encrypt(body.clientSecret),
    });
    await audit(tx, session, ip, 'sso.create', created.id, auditDetail(body));
    return created;
  });
  return ssoConfigDto(dir, row, config.publicUrl);
}

/** Whether the edit changes how the console reaches the provider: a passed test no longer vouches for it. */
function connectionChanged(row: SsoRow, body: SsoInput & { clientSecret?: string | undefined }): boolean {
  return (
    row.issuer !== body.issuer ||
    row.clientId !== body.clientId ||
    Boolean(body.clientSecret) ||
    row.scopes.join(' ') !== body.scopes.join(' ')
  );
}

export async function editSsoConfig(
  { dir, cipher, config }: Services,
  session: Session,
  ip: string,
  body: SsoInput & { id: string; clientSecret?: string | undefined },
  onConnectionChange: (id: string) => void,
): Promise<SsoConfig> {
  authorize(session, 'sso.manage');
  let changed = false;
  const row = await dir.transaction(async (tx) => {
    // Another company's configuration is not found, before anything is said about its domains.
    const current = await ownSsoConfig(tx, session.companyId, body.id);
    if (!current) throw notFound('single sign-on configuration');
    changed = connectionChanged(current, body);
    await checkRules(tx, session.companyId, body, !changed && current.testedAt !== null);
    await assertDomainsFree(tx, body.emailDomains, session.companyId);
    const updated = await updateSsoConfig(tx, session.companyId, body.id, {
      ...valuesOf(body),
      ...(body.clientSecret ? { clientSecretEnc: cipher.encrypt(body.clientSecret) } : {}),
      ...(changed ? { testedAt: null } : {}),
    });
    if (!updated) throw notFound('single sign-on configuration');
    await audit(tx, session, ip, 'sso.edit', updated.id, {
      ...auditDetail(body),
      secretChanged: Boolean(body.clientSecret),
      connectionChanged: changed,
    });
    return updated;
  });
  if (changed) onConnectionChange(row.id);
  return ssoConfigDto(dir, row, config.publicUrl);
}

export async function removeSsoConfig(
  { dir }: Services,
  session: Session,
  ip: string,
  id: string,
): Promise<void> {
  authorize(session, 'sso.manage');
  await dir.transaction(async (tx) => {
    if (!(await deleteSsoConfig(tx, session.companyId, id))) throw notFound('single sign-on configuration');
    await audit(tx, session, ip, 'sso.delete', id);
  });
}
