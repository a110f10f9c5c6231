import { z } from 'zod';
import { defineRoute } from './route.js';

export const REGION_CODE = z.string().regex(/^[A-Z]{2,8}$/, 'a region code is 2–8 capital letters');

export const region = z.object({
  label: z.string(),
  region: REGION_CODE,
  /** Base URL of the region's operation server. */
  host: z.string(),
});
export type Region = z.infer<typeof region>;

/** Offset added to the count of recently active accounts (spec §3). */
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
  environment: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfig>;

export const commonRoutes = {
  regions: defineRoute({
    id: 'regions',
    method: 'GET',
    path: '/opt/v1/common/regions',
    auth: 'public',
    tag: 'common',
    summary: 'Regions the console can operate in, each with its operation host',
    data: z.array(region),
  }),
  stats: defineRoute({
    id: 'stats',
    method: 'GET',
    path: '/opt/v1/common/stats',
    auth: 'public',
    tag: 'common',
    summary: 'Home statistic: 112893 plus the accounts that signed in during the last 30 days',
    data: stats,
  }),
  clientConfig: defineRoute({
    id: 'clientConfig',
    method: 'GET',
    path: '/opt/v1/common/client-config',
    auth: 'public',
    tag: 'common',
    summary: 'Brand, document links and monitoring settings for the host name the page was opened on',
    data: clientConfig,
  }),
};
