import { ACTIVE_USERS_BASE, type ClientConfig } from '@fleet/contract';
import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { countRecentlyActive } from '../people/repo.js';
import { activeProviderOfCompanyNamed } from '../sso/repo.js';

const ACTIVE_DAYS = 30;

export function commonHandlers(services: Services): Handlers<'stats' | 'clientConfig'> {
  const { config } = services;
  return {
    stats: async () => {
      return { activeUsers: ACTIVE_USERS_BASE + (await countRecentlyActive(services.dir, ACTIVE_DAYS)) };
    },
    clientConfig: async (_input, { request }): Promise<ClientConfig> => {
      const partner = config.partnerHosts.includes(request.hostname.replace(/:\d+$/, '').toLowerCase());
      return {
        productName: partner ? config.partnerName : config.productName,
        partner,
        adminView: !partner,
        logoUrl: partner ? '/brand/partner-logo.svg' : '/brand/logo.svg',
        faviconUrl: partner ? '/brand/partner-favicon.svg' : '/brand/favicon.svg',
        usageDocUrl: config.usageDocUrl,
        serviceDocUrl: config.serviceDocUrl,
        region: config.region,
        sentryDsn: config.sentryDsn ?? null,
        mapTilesUrl: config.mapTilesUrl,
        environment: config.environment,
        audioCaps: config.audioCaps,
        deviceGatewayUrl: config.deviceGatewayUrl,
        operatorSignIn:
          !partner && (await activeProviderOfCompanyNamed(services.dir, config.superCompany)) !== null,
      };
    },
  };
}
