import { and, eq, sql } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import { companies, ssoConfigs } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { assertDomainsFree, providerForDomain, ssoConfigOf, toSsoConfigDto } from './repo.js';

type SsoRouteId =
  | 'getSsoConfig'
  | 'createSsoConfig'
  | 'editSsoConfig'
  | 'deleteSsoConfig'
  | 'ssoLoginUrl'
  | 'ssoLogin'
  | 'operatorSsoLoginUrl'
  | 'ssoCallback';

const loginPath = (id: string) => `/login/sso/${id}`;

/** Stored configurations exist now; signing in through them arrives with the OpenID Connect flow. */
const flowNotAvailable = () =>
  new AppError('NOT_CONFIGURED', 'Signing in through single sign-on is not available on this server yet');

export function ssoHandlers(services: Services): Handlers<SsoRouteId> {
  const { dir, cipher } = services;

  async function existingConfig(id: string) {
    const [row] = await dir.select({ id: ssoConfigs.id }).from(ssoConfigs).where(eq(ssoConfigs.id, id));
    if (!row) throw notFound('single sign-on configuration');
  }

  return {
    getSsoConfig: async (_input, { session }) => {
      const row = await ssoConfigOf(dir, session.companyId);
      return row ? toSsoConfigDto(row) : null;
    },
    createSsoConfig: async ({ body }, { session, ip }) => {
      authorize(session, 'sso.manage');
      const row = await dir.transaction(async (tx) => {
        if (await ssoConfigOf(tx, session.companyId)) {
          throw conflict('the company already has a single sign-on configuration; edit it instead');
        }
        await assertDomainsFree(tx, body.emailDomains, session.companyId);
        const [created] = await tx
          .insert(ssoConfigs)
          .values({
            companyId: session.companyId,
            issuer: body.issuer,
            clientId: body.clientId,
            clientSecretEnc: cipher.encrypt(body.clientSecret),
            emailDomains: body.emailDomains,
          })
          .returning();
        if (!created) throw new Error('configuration not created');
        await audit(tx, session, ip, 'sso.create', created.id, {
          issuer: body.issuer,
          emailDomains: body.emailDomains,
        });
        return created;
      });
      return toSsoConfigDto(row);
    },
    editSsoConfig: async ({ body }, { session, ip }) => {
      authorize(session, 'sso.manage');
      const row = await dir.transaction(async (tx) => {
        // Another company's configuration is not found, before anything is said about its domains.
        const [own] = await tx
          .select({ id: ssoConfigs.id })
          .from(ssoConfigs)
          .where(and(eq(ssoConfigs.id, body.id), eq(ssoConfigs.companyId, session.companyId)));
        if (!own) throw notFound('single sign-on configuration');
        await assertDomainsFree(tx, body.emailDomains, session.companyId);
        const [updated] = await tx
          .update(ssoConfigs)
          .set({
            issuer: body.issuer,
            clientId: body.clientId,
            emailDomains: body.emailDomains,
            updatedAt: sql`now()`,
            ...(body.clientSecret ? { clientSecretEnc: cipher.encrypt(body.clientSecret) } : {}),
          })
          .where(and(eq(ssoConfigs.id, body.id), eq(ssoConfigs.companyId, session.companyId)))
          .returning();
        if (!updated) throw notFound('single sign-on configuration');
        await audit(tx, session, ip, 'sso.edit', updated.id, {
          issuer: body.issuer,
          emailDomains: body.emailDomains,
          secretChanged: Boolean(body.clientSecret),
        });
        return updated;
      });
      return toSsoConfigDto(row);
    },
    deleteSsoConfig: async ({ params }, { session, ip }) => {
      authorize(session, 'sso.manage');
      await dir.transaction(async (tx) => {
        const gone = await tx
          .delete(ssoConfigs)
          .where(and(eq(ssoConfigs.id, params.id), eq(ssoConfigs.companyId, session.companyId)))
          .returning({ id: ssoConfigs.id });
        if (!gone.length) throw notFound('single sign-on configuration');
        await audit(tx, session, ip, 'sso.delete', params.id);
      });
      return null;
    },
    ssoLoginUrl: async ({ query }) => {
      const domain = query.email.split('@')[1] ?? '';
      const provider = await providerForDomain(dir, domain);
      if (!provider) throw notFound(`single sign-on for ${domain}`);
      return { ...provider, loginPath: loginPath(provider.id) };
    },
    operatorSsoLoginUrl: async () => {
      const [row] = await dir
        .select({ id: ssoConfigs.id, companyName: companies.name })
        .from(ssoConfigs)
        .innerJoin(companies, eq(companies.id, ssoConfigs.companyId))
        .where(eq(companies.name, services.config.superCompany));
      if (!row) throw notFound('single sign-on of the console operator');
      return { ...row, loginPath: loginPath(row.id) };
    },
    ssoLogin: async ({ params }) => {
      await existingConfig(params.id);
      throw flowNotAvailable();
    },
    ssoCallback: async ({ params }) => {
      await existingConfig(params.id);
      throw flowNotAvailable();
    },
  };
}
