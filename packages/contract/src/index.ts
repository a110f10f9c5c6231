import { analysisFigureRoutes, analysisReportRoutes, analysisSettingRoutes } from './analysis/index.js';
import { appRoutes, openApiRoutes } from './apps/index.js';
import { audioClipRoutes, audioGroupRoutes, audioOperateRoutes, audioRobotRoutes } from './audio/index.js';
import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { buildingRoutes, floorRoutes, stationRoutes } from './buildings/index.js';
import { commonRoutes } from './common.js';
import { companyRoutes } from './companies.js';
import { deviceCallRoutes, deviceRoutes } from './devices/index.js';
import { liftConfigRoutes, liftOperateRoutes } from './lifts/index.js';
import { localeRoutes } from './locales.js';
import { peopleRoutes } from './people/index.js';
import { regionRoutes } from './regions.js';
import { robotRoutes } from './robots.js';
import { roleRoutes } from './roles.js';
import type { RouteDef } from './route.js';
import { ssoRoutes } from './sso.js';

export * from './analysis/index.js';
export * from './apps/index.js';
export * from './areas.js';
export * from './audio/index.js';
export * from './audit.js';
export * from './auth.js';
export * from './buildings/index.js';
export * from './common.js';
export * from './companies.js';
export * from './csv.js';
export * from './devices/index.js';
export * from './envelope.js';
export * from './lifts/index.js';
export * from './live/index.js';
export * from './locales.js';
export * from './people/index.js';
export * from './permissions.js';
export * from './regions.js';
export * from './robots.js';
export * from './roles.js';
export * from './route.js';
export * from './sso.js';
export * from './text.js';

/** Every call of the console. A call that is not here does not exist. */
export const api = {
  ...commonRoutes,
  ...regionRoutes,
  ...authRoutes,
  ...peopleRoutes,
  ...companyRoutes,
  ...roleRoutes,
  ...auditRoutes,
  ...deviceRoutes,
  ...deviceCallRoutes,
  ...robotRoutes,
  ...buildingRoutes,
  ...floorRoutes,
  ...stationRoutes,
  ...ssoRoutes,
  ...localeRoutes,
  ...liftConfigRoutes,
  ...liftOperateRoutes,
  ...audioClipRoutes,
  ...audioGroupRoutes,
  ...audioOperateRoutes,
  ...audioRobotRoutes,
  ...analysisFigureRoutes,
  ...analysisSettingRoutes,
  ...analysisReportRoutes,
  ...appRoutes,
  ...openApiRoutes,
} as const;
export type Api = typeof api;
export type RouteId = keyof Api;

export const routeList: readonly RouteDef[] = Object.values(api);
