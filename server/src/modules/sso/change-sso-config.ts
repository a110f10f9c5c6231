import type { SsoConfig } from '@fleet/contract';
import { authorize } from '../../auth/authorize.js';
import type { Session } from '../../auth/sessions.js';
import { conflict, notFound } from '../../errors.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import {
  assertDomainsFree,
  deleteSsoConfig,
  insertSsoConfig,
  ownSsoConfigExists,
  ssoConfigOf,
  toSsoConfigDto,
  updateSsoConfig,
} from './repo.js';

interface SsoInput {
  issuer: string;
  clientId: string;
  emailDomains: string[];
}

/** Each change commits together with its audit row: configurations and the audit log share the directory. */
export async function createSsoConfig(
  { dir, cipher }: Services,
  session: Session,
  ip: string,
  body: SsoInput & { clientSecret: string },
): Promise<SsoConfig> {
  authorize(session, 'sso.manage');
  const row = await dir.transaction(async (tx) => {
    if (await ssoConfigOf(tx, session.companyId)) {
      throw conflict('the company already has a single sign-on configuration; edit it instead');
    }
    await assertDomainsFree(tx, body.emailDomains, session.companyId);
    const created = await insertSsoConfig(tx, session.companyId, {
      issuer: body.issuer,
      clientId: body.clientId,
      clientSecretEnc: cipher.encrypt(body.clientSecret),
      emailDomains: body.emailDomains,
    });
    await audit(tx, session, ip, 'sso.create', created.id, {
      issuer: body.issuer,
      emailDomains: body.emailDomains,
    });
    return created;
  });
  return toSsoConfigDto(row);
}

export async function editSsoConfig(
  { dir, cipher }: Services,
  session: Session,
  ip: string,
  body: SsoInput & { id: string; clientSecret?: string | undefined },
): Promise<SsoConfig> {
  authorize(session, 'sso.manage');
  const row = await dir.transaction(async (tx) => {
    // Another company's configuration is not found, before anything is said about its domains.
    if (!(await ownSsoConfigExists(tx, session.companyId, body.id)))
      throw notFound('single sign-on configuration');
    await assertDomainsFree(tx, body.emailDomains, session.companyId);
    const updated = await updateSsoConfig(tx, session.companyId, body.id, {
      issuer: body.issuer,
      clientId: body.clientId,
      emailDomains: body.emailDomains,
      ...(body.clientSecret ? { clientSecretEnc: cipher.encrypt(body.clientSecret) } : {}),
    });
    if (!updated) throw notFound('single sign-on configuration');
    await audit(tx, session, ip, 'sso.edit', updated.id, {
      issuer: body.issuer,
      emailDomains: body.emailDomains,
      secretChanged: Boolean(body.clientSecret),
    });
    return updated;
  });
  return toSsoConfigDto(row);
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
