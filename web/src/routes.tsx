import type { Action, Language } from '@fleet/contract';
import type { ComponentType } from 'react';
import type { AccessRule } from './access/access';
import type { MenuIconName } from './layout/menu-icons';
import { layoutFor } from './router/route-rules';

type Screen = () => Promise<{ default: ComponentType }>;

interface RouteSpec {
  id: string;
  /** react-router path; matching is case-insensitive (react-router's default, relied on here). */
  path: string;
  /** Loaded on demand (spec §2): each screen is its own chunk. */
  screen: Screen;
  /** Key in the `common` namespace, used for the menu label and the document title. */
  titleKey: string;
  icon?: MenuIconName;
  /** An entry of its own in the side menu: its key (kept in `selectedMenu`) and its position. */
  menu?: { key: string; order: number };
  /** The menu entry highlighted on this screen when it has none of its own. */
  menuKey?: string;
  /** The data condition (spec §2): what the company has or the user was given. */
  access: AccessRule;
  /**
   * What the caller's rights must allow, asked through `useCan()`: the permission the server asks for the
   * screen's own data. Refused, the screen is the 401 page and its entry is hidden.
   */
  permission?: Action;
  /** Map screens take their language from the path, not from the user's choice. */
  lng?: Language;
}

export interface RouteEntry extends RouteSpec {
  layout: 'main' | 'bare';
}

const SPECS: readonly RouteSpec[] = [
  {
    id: 'login',
    path: '/login',
    screen: () => import('./pages/auth/LoginPage'),
    titleKey: 'routes.login',
    access: 'public',
  },
  {
    id: 'loginSso',
    path: '/login/sso',
    screen: () => import('./pages/sso/SsoIndexPage'),
    titleKey: 'routes.loginSso',
    access: 'public',
  },
  {
    id: 'loginSsoProvider',
    path: '/login/sso/:id',
    screen: () => import('./pages/sso/SsoProviderPage'),
    titleKey: 'routes.loginSso',
    access: 'public',
  },
  {
    id: 'robots',
    path: '/robots',
    screen: () => import('./pages/robots/RobotsPage'),
    titleKey: 'routes.robots',
    icon: 'robot',
    menu: { key: '1', order: 1 },
    access: 'signedIn',
    permission: 'robots.read',
  },
  {
    id: 'buildings',
    path: '/buildings',
    screen: () => import('./pages/buildings/BuildingsPage'),
    titleKey: 'routes.buildings',
    icon: 'building',
    menu: { key: '2', order: 2 },
    access: 'signedIn',
    permission: 'buildings.read',
  },
  // Spec §2: inserted third, and only when the company has a mini device.
  {
    id: 'device',
    path: '/device',
    screen: () => import('./pages/devices/DevicePage'),
    titleKey: 'routes.device',
    icon: 'device',
    menu: { key: '3', order: 3 },
    access: 'hasMiniDevices',
    permission: 'devices.read',
  },
  {
    id: 'analysis',
    path: '/analysis',
    screen: () => import('./pages/analysis/AnalysisPage'),
    titleKey: 'routes.analysis',
    icon: 'chart',
    menu: { key: '4', order: 4 },
    access: 'signedIn',
    permission: 'analysis.read',
  },
  {
    id: 'analysisConfig',
    path: '/analysis/config',
    screen: () => import('./pages/analysis/AnalysisConfigPage'),
    titleKey: 'routes.analysisConfig',
    icon: 'tool',
    menuKey: '4',
    access: 'signedIn',
    permission: 'analysis.read',
  },
  {
    id: 'person',
    path: '/person',
    screen: () => import('./pages/people/PersonPage'),
    titleKey: 'routes.person',
    icon: 'user',
    menu: { key: '5', order: 5 },
    access: 'signedIn',
    permission: 'people.read',
  },
  {
    id: 'app',
    path: '/app',
    screen: () => import('./pages/apps/AppPage'),
    titleKey: 'routes.app',
    icon: 'mail',
    menu: { key: '6', order: 6 },
    access: 'signedIn',
  },
  {
    id: 'elevator',
    path: '/elevator',
    screen: () => import('./pages/lifts/ElevatorPage'),
    titleKey: 'routes.elevator',
    icon: 'lift',
    menu: { key: '7', order: 7 },
    access: 'superCompanyMember',
    permission: 'lifts.read',
  },
  {
    id: 'elevatorConfig',
    path: '/elevator/config',
    screen: () => import('./pages/lifts/ElevatorConfigPage'),
    titleKey: 'routes.elevatorConfig',
    icon: 'tool',
    menuKey: '7',
    access: 'superCompanyMember',
    permission: 'lifts.read',
  },
  {
    id: 'audioGroup',
    path: '/audio/group',
    screen: () => import('./pages/audio/AudioGroupPage'),
    titleKey: 'routes.audioGroup',
    icon: 'sound',
    menu: { key: '8', order: 8 },
    access: 'audio',
    permission: 'audio.read',
  },
  {
    id: 'audioDetail',
    path: '/audio/detail',
    screen: () => import('./pages/audio/AudioDetailPage'),
    titleKey: 'routes.audioDetail',
    icon: 'group',
    menuKey: '8',
    access: 'audio',
    permission: 'audio.read',
  },
  {
    id: 'subsidiaries',
    path: '/subsidiaries',
    screen: () => import('./pages/companies/SubsidiariesPage'),
    titleKey: 'routes.subsidiaries',
    icon: 'group',
    menu: { key: '9', order: 9 },
    access: 'hasSubsidiaries',
    permission: 'companies.read',
  },
  {
    id: 'role',
    path: '/role',
    screen: () => import('./pages/roles/RolePage'),
    titleKey: 'routes.role',
    icon: 'role',
    access: 'signedIn',
    permission: 'people.read',
  },
  {
    id: 'sso',
    path: '/sso',
    screen: () => import('./pages/sso/SsoPage'),
    titleKey: 'routes.sso',
    icon: 'key',
    access: 'adminView',
    permission: 'sso.manage',
  },
  {
    id: 'error401',
    path: '/error/401',
    screen: () => import('./pages/shell/UnauthorizedPage'),
    titleKey: 'routes.error401',
    access: 'signedIn',
  },
  {
    id: 'error404',
    path: '/error/404',
    screen: () => import('./pages/shell/NotFoundPage'),
    titleKey: 'routes.error404',
    access: 'signedIn',
  },
  {
    id: 'mapEn',
    path: '/map/en',
    screen: () => import('./pages/live/MapPage'),
    titleKey: 'routes.map',
    access: 'signedIn',
    lng: 'en',
  },
  {
    id: 'mapZh',
    path: '/map/zh',
    screen: () => import('./pages/live/MapPage'),
    titleKey: 'routes.map',
    access: 'signedIn',
    lng: 'zh',
  },
  {
    id: 'miniMapEn',
    path: '/miniMap/en',
    screen: () => import('./pages/live/MiniMapPage'),
    titleKey: 'routes.miniMap',
    access: 'signedIn',
    lng: 'en',
  },
  {
    id: 'miniMapZh',
    path: '/miniMap/zh',
    screen: () => import('./pages/live/MiniMapPage'),
    titleKey: 'routes.miniMap',
    access: 'signedIn',
    lng: 'zh',
  },
];

/** The one route manifest: the router, the side menu, the guards and the document title all read it. */
export const ROUTES: readonly RouteEntry[] = SPECS.map((spec) => ({ ...spec, layout: layoutFor(spec.path) }));

/** Shown for any path the manifest does not know (spec §2). */
export const NOT_FOUND_ROUTE: RouteEntry = {
  id: 'notFound',
  path: '*',
  screen: () => import('./pages/shell/NotFoundPage'),
  titleKey: 'routes.error404',
  access: 'signedIn',
  layout: 'bare',
};

/** The side-menu key a screen highlights. */
export function menuKeyOf(entry: RouteEntry): string | undefined {
  return entry.menu?.key ?? entry.menuKey;
}
