import { z } from 'zod';
import { REGION_CODE } from './regions.js';
import { defineRoute } from './route.js';

/** Offset added to the count of recently active accounts (COMMON-HOME-STAT). */
export const ACTIVE_USERS_BASE = 112893;

export const stats = z.object({ activeUsers: z.int().min(0) });

export const clientConfig = z.object({
  productName: z.string(),
  /** A partner domain hides the admin view and shows its own brand. */
  partner: z.boolean(),
  adminView: z.boolean(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  usageDocUrl: z.string(),
  serviceDocUrl: z.string(),
  region: REGION_CODE,
  sentryDsn: z.string().nullable(),
  /** The world map's tile URL template (Leaflet), or null: no tiles, buildings on a plain grid. */
  mapTilesUrl: z.string().nullable(),
  environment: z.string(),
  /** The largest and longest clip of each purpose this server takes (AUDIO_* settings). */
  audioCaps: z.object({
    prompt: z.object({ maxBytes: z.int(), maxDurationS: z.int() }),
    playlist: z.object({ maxBytes: z.int(), maxDurationS: z.int() }),
  }),
  /**
   * The separate gateway host a super admin's device search also asks (get-company-by-device-name), or null when
   * this server answers alone.
   */
  deviceGatewayUrl: z.string().nullable(),
  /**
   * The console operator's own staff may sign in through the operator's provider (`sso/cenobots-login-url`): its
   * single sign-on is active. Never on a partner domain, whose login page is the partner's.
   */
  operatorSignIn: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

export const commonRoutes = {
  stats: defineRoute({
    id: 'stats',
    method: 'GET',
    path: '/opt/v1/common/stats',
    auth: 'public',
    area: 'common',
    summary: 'Home statistic: 112893 plus the accounts that signed in during the last 30 days',
    data: stats,
  }),
  clientConfig: defineRoute({
    id: 'clientConfig',
    method: 'GET',
    path: '/opt/v1/common/client-config',
    auth: 'public',
    area: 'common',
    summary: 'Brand, document links and monitoring settings for the host name the page was opened on',
    data: clientConfig,
  }),
};
