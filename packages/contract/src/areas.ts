/**
 * The console's areas: one name each, used on every side (contract, server module, schema file, web api
 * folder, page folder, end-to-end folder, translation namespace, permission area). Only the route manifest
 * (web/src/routes.tsx) knows the spec's paths (/person, /device, /elevator, /app…).
 *
 * Like permissions.ts this module imports nothing: the permission areas are a subset of these names.
 * `server/test/area-shape.test.ts` walks the folders of every side against this table and
 * docs/architecture.md shows it.
 */
export const AREA_NAMES = [
  'shell',
  'auth',
  'people',
  'companies',
  'roles',
  'audit',
  'regions',
  'common',
  'locales',
  'robots',
  'buildings',
  'fleet',
  'live',
  'devices',
  'lifts',
  'audio',
  'analysis',
  'apps',
  'sso',
] as const;
export type AreaName = (typeof AREA_NAMES)[number];

/** The sides an area can have, each a folder or file named for the area. */
export type Side = 'contract' | 'module' | 'schema' | 'api' | 'pages' | 'e2e' | 'i18n';

export interface AreaShape {
  /** What the area is, in one line. */
  readonly what: string;
  /** The sides this area has, each at its usual place (`SIDE_PATHS`). */
  readonly sides: readonly Side[];
  /** Why a side an area with routes would normally have is missing. */
  readonly without?: Partial<Record<Side, string>>;
  /** Parts of the area that are not a module, api or page folder: infrastructure named for the area. */
  readonly elsewhere?: readonly string[];
}

/** Where each side of an area lives, from the repository's root. */
export const SIDE_PATHS: Record<Side, (area: AreaName) => string> = {
  contract: (a) => `packages/contract/src/${a}.ts | packages/contract/src/${a}/`,
  module: (a) => `server/src/modules/${a}/`,
  schema: (a) => `server/src/db/schema/${a}.ts`,
  api: (a) => `web/src/api/${a}/`,
  pages: (a) => `web/src/pages/${a}/`,
  e2e: (a) => `e2e/${a}/`,
  i18n: (a) => `web/public/locales/{en,zh}/${a}.json`,
};

export const AREA_SHAPES: Record<AreaName, AreaShape> = {
  shell: {
    what: 'the console frame: layout, header, side menu, routing, error screens',
    sides: ['pages', 'e2e', 'i18n'],
    elsewhere: ['web/src/layout/', 'web/src/router/'],
  },
  auth: {
    what: 'sign-in, sign-out, password reset, sessions',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
    elsewhere: ['server/src/auth/', 'web/src/session/'],
  },
  people: {
    what: 'the people of a company, their roles in it, their robots',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  companies: {
    what: 'companies, subsidiaries, switching company',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  roles: {
    what: 'custom roles and the permission matrix',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  audit: {
    what: 'who changed what, searchable',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'i18n'],
  },
  regions: {
    what: 'the regions a console serves and which region a company lives in',
    sides: ['contract', 'module', 'api'],
    without: { pages: 'chosen in the header (shell)' },
  },
  common: {
    what: 'what every screen needs before sign-in: brand, home statistic, shared words',
    sides: ['contract', 'module', 'api', 'i18n'],
    without: { pages: 'shown by the login and shell screens' },
  },
  locales: {
    what: 'translation files served to the console, and the keys it reported missing',
    sides: ['contract', 'module', 'schema'],
    without: { api: 'fetched by i18next', pages: 'no screen of its own' },
    elsewhere: ['web/src/i18n/'],
  },
  robots: {
    what: 'registered robots, their credentials, commands and history',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  buildings: {
    what: 'buildings, floors, floor maps and stations',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  fleet: {
    what: 'robots over MQTT: broker, VDA 5050 ingest, live store, commands, history',
    sides: ['schema'],
    elsewhere: ['server/src/fleet/', 'sim/'],
  },
  live: {
    what: 'the /live WebSocket and the full-screen map screens that draw it',
    sides: ['contract', 'pages', 'i18n'],
    elsewhere: ['server/src/live/', 'web/src/live/'],
  },
  devices: {
    what: 'mini devices: call buttons and pagers, the device link, calls robots answer',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
    elsewhere: ['sim/src/devices/'],
  },
  lifts: {
    what: 'lifts robots ride: banks, gateways and the lift link, rides, the live lift screen',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
    elsewhere: ['sim/src/lifts/'],
  },
  audio: {
    what: 'clips, voice packs and playlists robots play, published to them and followed per robot',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
    elsewhere: ['sim/src/audio/'],
  },
  analysis: {
    what: 'what the fleet did: KPIs from per-robot-day roll-ups of the fleet facts, against targets',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  apps: {
    what: 'the mobile app, and API applications: keys, scopes, the open API and signed webhooks',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
  sso: {
    what: 'single sign-on per company',
    sides: ['contract', 'module', 'schema', 'api', 'pages', 'e2e', 'i18n'],
  },
};
