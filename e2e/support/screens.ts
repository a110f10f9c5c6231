import type { AccountName } from './accounts.js';

/** A screen of the route table (SHELL-ROUTES) inside the main layout, and a demo account allowed to open it. */
export interface MainScreen {
  /** The route id (`screen-<id>`, `menu-<id>`). */
  id: string;
  path: string;
  /** Key of the title in the common namespace. */
  titleKey: string;
  /**
   * Screens whose content comes with a later issue show their empty state, `${emptyKey}.empty.title`.
   * Undefined for screens built since (robots, buildings, analysis, people, roles, subsidiaries, sso, app): their own specs cover them.
   */
  emptyKey?: string;
  account: AccountName;
}

export const MAIN_SCREENS: readonly MainScreen[] = [
  { id: 'robots', path: '/robots', titleKey: 'routes.robots', account: 'owner' },
  { id: 'buildings', path: '/buildings', titleKey: 'routes.buildings', account: 'owner' },
  { id: 'device', path: '/device', titleKey: 'routes.device', account: 'owner' },
  { id: 'analysis', path: '/analysis', titleKey: 'routes.analysis', account: 'owner' },
  {
    id: 'analysisConfig',
    path: '/analysis/config',
    titleKey: 'routes.analysisConfig',
    account: 'owner',
  },
  { id: 'person', path: '/person', titleKey: 'routes.person', account: 'owner' },
  { id: 'app', path: '/app', titleKey: 'routes.app', account: 'owner' },
  {
    id: 'elevator',
    path: '/elevator',
    titleKey: 'routes.elevator',
    emptyKey: 'lifts:lifts',
    account: 'super',
  },
  {
    id: 'elevatorConfig',
    path: '/elevator/config',
    titleKey: 'routes.elevatorConfig',
    emptyKey: 'lifts:config',
    account: 'super',
  },
  {
    id: 'audioGroup',
    path: '/audio/group',
    titleKey: 'routes.audioGroup',
    account: 'owner',
  },
  {
    id: 'audioDetail',
    path: '/audio/detail',
    titleKey: 'routes.audioDetail',
    account: 'owner',
  },
  {
    id: 'subsidiaries',
    path: '/subsidiaries',
    titleKey: 'routes.subsidiaries',
    account: 'owner',
  },
  { id: 'role', path: '/role', titleKey: 'routes.role', account: 'owner' },
  { id: 'sso', path: '/sso?type=create', titleKey: 'routes.sso', account: 'super' },
  { id: 'sso', path: '/sso?type=edit', titleKey: 'routes.sso', account: 'super' },
];

/** The stand-alone map screens: their language is the one in the path. */
export const MAP_SCREENS = [
  { path: '/map/en', testId: 'screen-map', titleKey: 'live:map.title', lng: 'en' },
  { path: '/map/zh', testId: 'screen-map', titleKey: 'live:map.title', lng: 'zh' },
  { path: '/miniMap/en', testId: 'screen-miniMap', titleKey: 'live:miniMap.title', lng: 'en' },
  { path: '/miniMap/zh', testId: 'screen-miniMap', titleKey: 'live:miniMap.title', lng: 'zh' },
] as const;
