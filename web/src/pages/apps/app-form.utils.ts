import { type ApiApp, type ApiScope, type CreateAppBody, RATE_LIMIT_DEFAULT } from '@fleet/contract';
import dayjs, { type Dayjs } from 'dayjs';

export type RobotsMode = 'all' | 'chosen';

/** What the application dialog edits; the body the server takes is made from it. */
export interface AppFormValues {
  name: string;
  scopes: ApiScope[];
  robotsMode: RobotsMode;
  robotIds: string[];
  buildingIds: string[];
  ipRanges: string[];
  rateLimitPerMinute: number;
  expiresAt: Dayjs | null;
}

/** A new application reads robots and their tasks, for all robots, 60 calls a minute, never expiring. */
export const NEW_APP: AppFormValues = {
  name: '',
  scopes: ['robots.read', 'tasks.read'],
  robotsMode: 'all',
  robotIds: [],
  buildingIds: [],
  ipRanges: [],
  rateLimitPerMinute: RATE_LIMIT_DEFAULT,
  expiresAt: null,
};

export function formValuesOf(app: ApiApp): AppFormValues {
  return {
    name: app.name,
    scopes: app.scopes,
    robotsMode: app.robots.all ? 'all' : 'chosen',
    robotIds: app.robots.robotIds,
    buildingIds: app.robots.buildingIds,
    ipRanges: app.ipRanges,
    rateLimitPerMinute: app.rateLimitPerMinute,
    expiresAt: app.expiresAt ? dayjs(app.expiresAt) : null,
  };
}

export function appBodyOf(v: AppFormValues): CreateAppBody {
  const all = v.robotsMode === 'all';
  return {
    name: v.name,
    scopes: v.scopes,
    robots: { all, robotIds: all ? [] : v.robotIds, buildingIds: all ? [] : v.buildingIds },
    ipRanges: v.ipRanges.map((r) => r.trim()).filter(Boolean),
    rateLimitPerMinute: v.rateLimitPerMinute,
    // The end of the chosen day, so "expires on the 31st" means the whole 31st.
    expiresAt: v.expiresAt ? v.expiresAt.endOf('day').toISOString() : null,
  };
}

/** The server's complaints about a body field → the form field that shows it. */
export const APP_FORM_FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  scopes: 'scopes',
  robots: 'robotIds',
  'robots.robotIds': 'robotIds',
  'robots.buildingIds': 'buildingIds',
  ipRanges: 'ipRanges',
  rateLimitPerMinute: 'rateLimitPerMinute',
  expiresAt: 'expiresAt',
};
