import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authorize } from '../../auth/authorize.js';
import { scimTokenHash } from '../../auth/scim-tokens.js';
import type { Db } from '../../db/client.js';
import { ssoConfigs } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { audit } from '../audit/record-audit.js';
import { createSsoConfig, editSsoConfig, removeSsoConfig } from './change-sso-config.js';
import { finishSignIn } from './finish-sign-in.js';
import { ProviderClients } from './provider-client.js';
import { redeemTicket } from './redeem-ticket.js';
import {
  activeProviderForDomain,
  activeProviderOfCompanyNamed,
  ssoConfigById,
  ssoConfigDto,
  ssoConfigOf,
  statusOf,
} from './repo.js';
import { type ScimRouteId, scimHandlers } from './scim-handlers.js';
import { startSignIn } from './start-sign-in.js';

type SsoRouteId =
  | 'getSsoConfig'
  | 'createSsoConfig'
  | 'editSsoConfig'
  | 'deleteSsoConfig'
  | 'testSsoConfig'
  | 'createScimToken'
  | 'deleteScimToken'
  | 'ssoLoginUrl'
  | 'ssoLogin'
  | 'operatorSsoLoginUrl'
  | 'ssoCallback'
  | 'ssoFinish'
  | ScimRouteId;

const loginPath = (id: string) => `/login/sso/${id}`;
/** One answer for every domain without an active provider: unknown, inactive and other companies' alike. */
const noProvider = () => notFound('single sign-on for this e-mail address');

export function ssoHandlers(services: Services): Handlers<SsoRouteId> {
  const { dir, config } = services;
  const providers = new ProviderClients();

  /** Through `db`: inside a transaction, its own connection (PGlite has one: another would wait for ever). */
  async function ownConfig(companyId: string, db: Db = dir) {
    const row = await ssoConfigOf(db, companyId);
    if (!row) throw notFound('single sign-on configuration');
    return row;
  }

  return {
    getSsoConfig: async (_input, { session }) => {
      const row = await ssoConfigOf(dir, session.companyId);
      return row ? ssoConfigDto(dir, row, config.publicUrl) : null;
    },
    createSsoConfig: ({ body }, { session, ip }) => createSsoConfig(services, session, ip, body),
    editSsoConfig: ({ body }, { session, ip }) =>
      editSsoConfig(services, session, ip, body, (id) => providers.forget(id)),
    deleteSsoConfig: async ({ params }, { session, ip }) => {
      await removeSsoConfig(services, session, ip, params.id);
      providers.forget(params.id);
      return null;
    },
    testSsoConfig: async (_input, { session }) => {
      authorize(session, 'sso.manage');
      const row = await ownConfig(session.companyId);
      return { redirectUrl: await startSignIn(services, providers, row, { testerId: session.userId }) };
    },
    createScimToken: async (_input, { session, ip }) => {
      authorize(session, 'sso.manage');
      const token = `scim_${randomBytes(32).toString('base64url')}`;
      await dir.transaction(async (tx) => {
        const row = await ownConfig(session.companyId, tx);
        await tx
          .update(ssoConfigs)
          .set({ scimTokenHash: scimTokenHash(token) })
          .where(eq(ssoConfigs.id, row.id));
        await audit(tx, session, ip, 'sso.scimToken', row.id, { action: 'created' });
      });
      return { token };
    },
    deleteScimToken: async (_input, { session, ip }) => {
      authorize(session, 'sso.manage');
      await dir.transaction(async (tx) => {
        const row = await ownConfig(session.companyId, tx);
        await tx.update(ssoConfigs).set({ scimTokenHash: null }).where(eq(ssoConfigs.id, row.id));
        await audit(tx, session, ip, 'sso.scimToken', row.id, { action: 'revoked' });
      });
      return null;
    },
    ssoLoginUrl: async ({ query }) => {
      const domain = query.email.slice(query.email.lastIndexOf('@') + 1);
      const provider = await activeProviderForDomain(dir, domain);
      if (!provider) throw noProvider();
      return { ...provider, loginPath: loginPath(provider.id) };
    },
    operatorSsoLoginUrl: async () => {
      const provider = await activeProviderOfCompanyNamed(dir, config.superCompany);
      if (!provider) throw notFound('single sign-on of the console operator');
      return { ...provider, loginPath: loginPath(provider.id) };
    },
    ssoLogin: async ({ params, query }) => {
      const row = await ssoConfigById(dir, params.id);
      if (!row || statusOf(row) !== 'active') throw notFound('single sign-on configuration');
      return { redirectUrl: await startSignIn(services, providers, row, { loginHint: query.email }) };
    },
    ssoCallback: async ({ params }, { request, reply, ip }) => {
      const at = request.url.indexOf('?');
      const rawQuery = at < 0 ? '' : request.url.slice(at + 1);
      let location: string;
      try {
        location = await finishSignIn(services, providers, params.id, rawQuery, ip);
      } catch (error) {
        // The browser is mid-way between the provider and the console: it gets a page that says what happened,
        // never a JSON error.
        request.log.error({ err: error }, 'single sign-on callback failed');
        location = `/login/sso/${params.id}?error=provider_error`;
      }
      return reply.redirect(location, 303);
    },
    ssoFinish: ({ body }) => redeemTicket(services, body.ticket),
    ...scimHandlers(services),
  };
}
