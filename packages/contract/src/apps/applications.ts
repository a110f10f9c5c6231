import { z } from 'zod';
import { rawText, text } from '../text.js';
import { API_SCOPES, SECRET_OVERLAP_HOURS_DEFAULT, SECRET_OVERLAP_HOURS_MAX } from './scopes.js';

export const APP_STATUSES = ['active', 'revoked', 'expired'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

export const RATE_LIMIT_MAX = 6000;
export const RATE_LIMIT_DEFAULT = 60;
export const IP_RANGES_MAX = 20;
export const APP_ROBOTS_MAX = 2000;
export const APP_BUILDINGS_MAX = 500;

/** An IPv4 or IPv6 address, or a range of them in CIDR notation (`203.0.113.0/24`, `2001:db8::/32`). */
export const ipRange = rawText(60)
  .trim()
  .refine(
    (v) => z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]).safeParse(v).success,
    'an IP address or a CIDR range such as 203.0.113.0/24',
  );

/**
 * The robots an application reaches: every robot of the company (now and later), or the chosen robots plus every
 * robot placed in the chosen buildings.
 */
export const appRobots = z.object({
  all: z.boolean(),
  robotIds: z.array(z.uuid()).max(APP_ROBOTS_MAX),
  buildingIds: z.array(z.uuid()).max(APP_BUILDINGS_MAX),
});
export type AppRobots = z.infer<typeof appRobots>;

const scopes = z
  .array(z.enum(API_SCOPES))
  .min(1, 'choose at least one scope')
  .max(API_SCOPES.length)
  .transform((s) => [...new Set(s)]);

const appFields = {
  name: text({ min: 1, max: 80 }),
  scopes,
  robots: appRobots,
  ipRanges: z.array(ipRange).max(IP_RANGES_MAX, `at most ${IP_RANGES_MAX} ranges`),
  /** Requests a minute, across all of the application's tokens. */
  rateLimitPerMinute: z.int().min(1).max(RATE_LIMIT_MAX),
  /** After it the application's key no longer works; null: it does not expire. */
  expiresAt: z.iso.datetime().nullable(),
};

export const createAppBody = z.object(appFields);
export type CreateAppBody = z.input<typeof createAppBody>;
export const editAppBody = z.object({ id: z.uuid(), ...appFields });
export type EditAppBody = z.input<typeof editAppBody>;

/** A secret of the application: the current one, and a rotated-out one while its overlap lasts. */
export const appSecret = z.object({
  id: z.uuid(),
  /** The first characters, so the holder can tell which secret they have. */
  hint: z.string(),
  createdAt: z.iso.datetime(),
  /** Null for the current secret; the end of the overlap for one rotated out. */
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
});

export const apiApp = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The OAuth 2.0 client id. */
  accessKey: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  robots: appRobots,
  /** How many robots the application reaches now: zero is the integrator's empty list. */
  robotCount: z.int().min(0),
  ipRanges: z.array(z.string()),
  rateLimitPerMinute: z.int(),
  expiresAt: z.iso.datetime().nullable(),
  status: z.enum(APP_STATUSES),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Whoever created it is no longer in the company (removed or disabled): an owner should look at it. */
  needsReview: z.boolean(),
  secrets: z.array(appSecret),
  webhookCount: z.int().min(0),
  lastUsedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type ApiApp = z.infer<typeof apiApp>;

/** Answered once, when the application is created or its secret rotated: the server keeps only a hash. */
export const appCredentials = z.object({
  app: apiApp,
  accessKey: z.string(),
  secret: z.string(),
  /** Where the client exchanges them for an access token. */
  tokenUrl: z.string(),
});
export type AppCredentials = z.infer<typeof appCredentials>;

export const rotateSecretBody = z.object({
  /** How long the secret rotated out keeps working beside the new one; 0 ends it now. */
  overlapHours: z.int().min(0).max(SECRET_OVERLAP_HOURS_MAX).default(SECRET_OVERLAP_HOURS_DEFAULT),
});

export const USAGE_HOURS_MAX = 24 * 30;

/** Calls an application made, per hour: answered and refused (401, 403, 404, 429…). */
export const appUsage = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  hours: z.array(z.object({ at: z.iso.datetime(), calls: z.int().min(0), refused: z.int().min(0) })),
  calls: z.int().min(0),
  refused: z.int().min(0),
});
export type AppUsage = z.infer<typeof appUsage>;
