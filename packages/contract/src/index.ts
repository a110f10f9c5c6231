import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { buildingRoutes } from './buildings.js';
import { commonRoutes } from './common.js';
import { companyRoutes } from './companies.js';
import { floorRoutes } from './floors.js';
import { localeRoutes } from './locales.js';
import { miniDeviceRoutes } from './mini-devices.js';
import { robotRoutes } from './robots.js';
import { roleRoutes } from './roles.js';
import type { RouteDef } from './route.js';
import { ssoRoutes } from './sso.js';
import { stationRoutes } from './stations.js';
import { userRoutes } from './users.js';

export * from './audit.js';
export * from './auth.js';
export * from './buildings.js';
export * from './common.js';
export * from './companies.js';
export * from './envelope.js';
export * from './fleet.js';
export * from './floors.js';
export * from './locales.js';
export * from './mini-devices.js';
export * from './people.js';
export * from './permissions.js';
export * from './robots.js';
export * from './roles.js';
export * from './route.js';
export * from './sso.js';
export * from './stations.js';
export * from './users.js';

/** Every call of the console. A call that is not here does not exist. */
export const api = {
  ...commonRoutes,
  ...authRoutes,
  ...userRoutes,
  ...companyRoutes,
  ...roleRoutes,
  ...auditRoutes,
  ...miniDeviceRoutes,
  ...robotRoutes,
  ...buildingRoutes,
  ...floorRoutes,
  ...stationRoutes,
  ...ssoRoutes,
  ...localeRoutes,
} as const;
export type Api = typeof api;
export type RouteId = keyof Api;

export const routeList: readonly RouteDef[] = Object.values(api);
