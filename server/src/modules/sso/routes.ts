import { AppError, notFound } from '../../errors.js';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { createSsoConfig, editSsoConfig, removeSsoConfig } from './change-sso-config.js';
import {
  providerForDomain,
  providerOfCompanyNamed,
  ssoConfigExists,
  ssoConfigOf,
  toSsoConfigDto,
} from './repo.js';

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
  const { dir } = services;

  async function existingConfig(id: string) {
    if (!(await ssoConfigExists(dir, id))) throw notFound('single sign-on configuration');
  }

  return {
    getSsoConfig: async (_input, { session }) => {
      const row = await ssoConfigOf(dir, session.companyId);
      return row ? toSsoConfigDto(row) : null;
    },
    createSsoConfig: ({ body }, { session, ip }) => createSsoConfig(services, session, ip, body),
    editSsoConfig: ({ body }, { session, ip }) => editSsoConfig(services, session, ip, body),
    deleteSsoConfig: async ({ params }, { session, ip }) => {
      await removeSsoConfig(services, session, ip, params.id);
      return null;
    },
    ssoLoginUrl: async ({ query }) => {
      const domain = query.email.split('@')[1] ?? '';
      const provider = await providerForDomain(dir, domain);
      if (!provider) throw notFound(`single sign-on for ${domain}`);
      return { ...provider, loginPath: loginPath(provider.id) };
    },
    operatorSsoLoginUrl: async () => {
      const row = await providerOfCompanyNamed(dir, services.config.superCompany);
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
