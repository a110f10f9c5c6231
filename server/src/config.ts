import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ClipPurpose, DEFAULT_CLIP_CAPS, REGION_CODE, region } from '@fleet/contract';
import { z } from 'zod';
import type { RequestLimits } from './http/request-limits.js';
import { DEFAULT_HEAP_GROWTH_PERCENT, PGLITE_HEAP_GROWTH_PERCENT } from './ops/heap-growth.js';
import { REPO_ROOT } from './server-root.js';

const MB = 1024 * 1024;

const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().startsWith('postgres').optional(),
  DIRECTORY_DATABASE_URL: z.string().startsWith('postgres').optional(),
  REGION: REGION_CODE.default('US'),
  REGIONS: z.string().optional(),
  REGIONS_FILE: z.string().optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET needs at least 32 characters').optional(),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY needs at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Fleet Console <no-reply@fleet-console.local>'),
  SUPER_COMPANY: z.string().default('Fleet HQ'),
  PARTNER_HOSTS: z.string().default(''),
  PARTNER_NAME: z.string().default('Partner Console'),
  PRODUCT_NAME: z.string().default('Fleet Console'),
  USAGE_DOC_URL: z.string().default('/docs/user-guide'),
  SERVICE_DOC_URL: z.string().default('/docs/terms'),
  SENTRY_DSN: z.string().optional(),
  ENVIRONMENT: z.string().default('production'),
  WEB_DIST: z.string().optional(),
  LOCALES_DIR: z.string().optional(),
  SEED_DEMO: boolFlag.default(true),
  DEMO_FLEET: boolFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolFlag.default(false),
  /** Lets webhooks reach private, loopback and this server's own addresses (a receiver on the same network). */
  WEBHOOK_ALLOW_PRIVATE: boolFlag.default(false),
  /** The first retry of a failed webhook delivery waits this long; each next one twice as long (at most an hour). */
  WEBHOOK_RETRY_BASE_S: z.coerce.number().min(0.01).max(3600).default(30),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_HOST: z.string().default('0.0.0.0'),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\//, 'an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  // Load tests only: one login that may publish telemetry for every robot (bench/telemetry.ts). Never set by default.
  MQTT_BENCH_USERNAME: z
    .string()
    .regex(/^[^/#+\s]{1,64}$/, 'one MQTT topic level, no / # + or spaces')
    .default('bench'),
  MQTT_BENCH_PASSWORD: z.string().min(16, 'MQTT_BENCH_PASSWORD needs at least 16 characters').optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'an S3 bucket name: 3–63 lower-case letters, digits, . or -')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_FORCE_PATH_STYLE: boolFlag.optional(),
  MAP_MAX_MB: z.coerce.number().positive().max(200).default(20),
  AUDIO_PROMPT_MAX_MB: z.coerce
    .number()
    .positive()
    .max(500)
    .default(DEFAULT_CLIP_CAPS.prompt.maxBytes / MB),
  AUDIO_PROMPT_MAX_S: z.coerce
    .number()
    .int()
    .positive()
    .max(3600)
    .default(DEFAULT_CLIP_CAPS.prompt.maxDurationS),
  AUDIO_PLAYLIST_MAX_MB: z.coerce
    .number()
    .positive()
    .max(500)
    .default(DEFAULT_CLIP_CAPS.playlist.maxBytes / MB),
  AUDIO_PLAY_WAIT_MS: z.coerce.number().int().min(100).max(10_000).default(1000),
  /** How often the analysis roll-up looks for new facts; 0 leaves it to be run by hand (tests). */
  ANALYSIS_ROLLUP_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Default: DEFAULT_HEAP_GROWTH_PERCENT on PostgreSQL, PGLITE_HEAP_GROWTH_PERCENT on PGlite. */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).optional(),
  /** Facts younger than this wait for the next pass (writes still in flight on PostgreSQL). */
  ANALYSIS_SETTLE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  AUDIO_PLAYLIST_MAX_S: z.coerce
    .number()
    .int()
    .positive()
    .max(7200)
    .default(DEFAULT_CLIP_CAPS.playlist.maxDurationS),
  API_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  API_ANONYMOUS_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  MAX_HEADER_KB: z.coerce.number().int().min(4).max(256).default(16),
  HEADERS_TIMEOUT_S: z.coerce.number().min(1).max(600).default(10),
  REQUEST_TIMEOUT_S: z.coerce.number().min(1).max(3600).default(300),
  KEEP_ALIVE_TIMEOUT_S: z.coerce.number().min(1).max(3600).default(65),
  // Origins (scheme://host[:port]) whose pages may frame /map and /miniMap; every other page may not be framed.
  EMBED_ORIGINS: z
    .string()
    .regex(
      /^(\s*https?:\/\/[^\s/,]+\s*,?)*$/,
      'origins such as https://wall.example.com, separated by commas',
    )
    .default(''),
  // The device gateway host the console also asks which company owns a device (spec: get-company-by-device-name on
  // a separate gateway host); unset: this server answers alone.
  DEVICE_GATEWAY_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/,
      'an http:// or https:// URL, such as https://gateway.example.com',
    )
    .optional(),
  // Console origins whose pages may call this server's gateway routes (/tars/…) from another host name (CORS).
  GATEWAY_CORS_ORIGINS: z
    .string()
    .regex(
      /^(\s*https?:\/\/[^\s/,]+\s*,?)*$/,
      'origins such as https://console.example.com, separated by commas',
    )
    .default(''),
  // The world map's tiles, a Leaflet URL template; "none" shows buildings on a plain grid (sites without internet).
  MAP_TILES_URL: z
    .string()
    .regex(
      /^(none|https:\/\/[^\s/]+\/\S*\{z\}\S*)$/,
      'an https:// tile URL template with {z}, {x} and {y}, or none',
    )
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  VDA_INTERFACE: z
    .string()
    .regex(/^[\w-]{1,32}$/)
    .default('uagv'),
  VDA_MAJOR_VERSION: z
    .string()
    .regex(/^v\d{1,2}$/)
    .default('v2'),
  /** Lift gateways' topics are below it (docs/protocols.md, "The lift link"). */
  LIFT_TOPIC_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,32}\/[\w.-]{1,32}$/, 'two topic levels, such as lifts/v1')
    .default('lifts/v1'),
  /** A call no robot took within this long alerts the building's staff pagers (docs/user-guide.md "Calls"). */
  CALL_ESCALATE_AFTER_S: z.coerce.number().int().min(5).max(3600).default(60),
  /** A call still waiting for a robot after this long ends as expired. */
  CALL_EXPIRE_AFTER_S: z.coerce.number().int().min(60).max(86_400).default(900),
  /** A robot at a call's point waits this long for someone to acknowledge; then the call is done. */
  CALL_ARRIVED_HOLD_S: z.coerce.number().int().min(10).max(3600).default(180),
  /** Mini devices' topics are below it (docs/protocols.md, "The device link"). */
  DEVICE_TOPIC_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,32}\/[\w.-]{1,32}$/, 'two topic levels, such as devices/v1')
    .default('devices/v1'),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  directoryDatabaseUrl: string | undefined;
  region: string;
  regions: z.infer<typeof region>[];
  tokenSecret: string | undefined;
  secretKey: string | undefined;
  sessionIdleMinutes: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  superCompany: string;
  partnerHosts: string[];
  partnerName: string;
  productName: string;
  usageDocUrl: string;
  serviceDocUrl: string;
  sentryDsn: string | undefined;
  environment: string;
  webDist: string;
  localesDir: string;
  seedDemo: boolean;
  /** Runs the demo's simulated robots in the server (DEMO_FLEET, on by default; off in tests). */
  demoFleet: boolean;
  logLevel: string;
  /** How far past its live size V8's old generation may grow before a full collection (ops/heap-growth.ts). */
  heapGrowthPercent: number;
  trustProxy: boolean;
  mqtt: {
    /** Port of the embedded broker; ignored when `url` names an external one. */
    port: number;
    host: string;
    url: string | undefined;
    username: string | undefined;
    password: string | undefined;
    /**
     * The load-test login of the embedded broker: may publish telemetry for any robot under the prefix (many
     * robots over a few connections). Unset unless MQTT_BENCH_PASSWORD is given.
     */
    bench: { username: string; password: string } | undefined;
  };
  /** `{interface}/{major}`: the first two levels of every robot topic. */
  vdaPrefix: string;
  /** The first two levels of every lift gateway topic (`lifts/v1`). */
  liftPrefix: string;
  /** The first two levels of every mini device topic (`devices/v1`). */
  devicePrefix: string;
  /** How long a call may wait before it alerts staff, expires, or ends after the robot arrived (seconds). */
  calls: { escalateAfterS: number; expireAfterS: number; arrivedHoldS: number };
  /** Where files (floor maps) are kept: `DATA_DIR/files`, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Largest floor map file accepted, in bytes. */
  mapMaxBytes: number;
  /** Caps of an audio clip by its purpose (docs/operations.md "Audio"). */
  audioCaps: Record<ClipPurpose, { maxBytes: number; maxDurationS: number }>;
  /** How long play-now, stop and volume wait for the robot's word before answering "no answer". */
  audioPlayWaitMs: number;
  analysisRollupMs: number;
  analysisSettleMs: number;
  /** Request budgets, header size and slow-client timeouts (docs/operations.md "Limits"). */
  limits: RequestLimits;
  /** Origins allowed to frame the full-screen map pages (`frame-ancestors`). */
  embedOrigins: string[];
  /** The separate gateway host the console also asks for a device's company, without a trailing slash; or null. */
  deviceGatewayUrl: string | null;
  /** Console origins allowed to call the gateway routes (`/tars/…`) across origins. */
  gatewayCorsOrigins: string[];
  /** The world map's tile URL template, or null for no tiles. */
  mapTilesUrl: string | null;
  /** Tests check every answer against the contract; production trusts its own DTOs. */
  validateResponses: boolean;
  webhooks: { allowPrivate: boolean; retryBaseMs: number };
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      /** Unset for AWS itself; MinIO, Ceph, R2… need theirs. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what MinIO-like servers expect. */
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

/** Reads the environment once, failing with every wrong variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as shells and compose files write it.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // Each kind of client owns its prefix: a topic must never be taken for another kind's.
  const robotPrefix = `${e.VDA_INTERFACE}/${e.VDA_MAJOR_VERSION}`;
  if (e.LIFT_TOPIC_PREFIX === robotPrefix)
    throw new ConfigError(
      "Invalid configuration:\n  LIFT_TOPIC_PREFIX: must differ from the robots' VDA_INTERFACE/VDA_MAJOR_VERSION",
    );
  if (e.DEVICE_TOPIC_PREFIX === robotPrefix || e.DEVICE_TOPIC_PREFIX === e.LIFT_TOPIC_PREFIX)
    throw new ConfigError(
      "Invalid configuration:\n  DEVICE_TOPIC_PREFIX: must differ from LIFT_TOPIC_PREFIX and the robots' VDA_INTERFACE/VDA_MAJOR_VERSION",
    );
  // npm runs workspace scripts inside the workspace; relative paths mean where the user typed the command.
  const cwd = env.INIT_CWD ?? process.cwd();
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    directoryDatabaseUrl: e.DIRECTORY_DATABASE_URL,
    region: e.REGION,
    regions: readRegions(e.REGIONS, e.REGIONS_FILE, e.REGION, publicUrl, cwd),
    tokenSecret: e.TOKEN_SECRET,
    secretKey: e.SECRET_KEY,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    superCompany: e.SUPER_COMPANY,
    partnerHosts: e.PARTNER_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    partnerName: e.PARTNER_NAME,
    productName: e.PRODUCT_NAME,
    usageDocUrl: e.USAGE_DOC_URL,
    serviceDocUrl: e.SERVICE_DOC_URL,
    sentryDsn: e.SENTRY_DSN,
    environment: e.ENVIRONMENT,
    webDist: path.resolve(cwd, e.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist')),
    localesDir: path.resolve(cwd, e.LOCALES_DIR ?? path.join(REPO_ROOT, 'web/public/locales')),
    seedDemo: e.SEED_DEMO,
    demoFleet: e.DEMO_FLEET,
    logLevel: e.LOG_LEVEL,
    heapGrowthPercent:
      e.HEAP_GROWTH_PERCENT ?? (e.DATABASE_URL ? DEFAULT_HEAP_GROWTH_PERCENT : PGLITE_HEAP_GROWTH_PERCENT),
    trustProxy: e.TRUST_PROXY,
    mqtt: {
      port: e.MQTT_PORT,
      host: e.MQTT_HOST,
      url: e.MQTT_URL,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      bench: e.MQTT_BENCH_PASSWORD
        ? { username: e.MQTT_BENCH_USERNAME, password: e.MQTT_BENCH_PASSWORD }
        : undefined,
    },
    vdaPrefix: `${e.VDA_INTERFACE}/${e.VDA_MAJOR_VERSION}`,
    liftPrefix: e.LIFT_TOPIC_PREFIX,
    devicePrefix: e.DEVICE_TOPIC_PREFIX,
    calls: {
      escalateAfterS: e.CALL_ESCALATE_AFTER_S,
      expireAfterS: e.CALL_EXPIRE_AFTER_S,
      arrivedHoldS: e.CALL_ARRIVED_HOLD_S,
    },
    storage: storageConfig(e, path.resolve(cwd, e.DATA_DIR)),
    mapMaxBytes: Math.round(e.MAP_MAX_MB * 1024 * 1024),
    audioPlayWaitMs: e.AUDIO_PLAY_WAIT_MS,
    analysisRollupMs: e.ANALYSIS_ROLLUP_MS,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryBaseMs: Math.round(e.WEBHOOK_RETRY_BASE_S * 1000),
    },
    analysisSettleMs: e.ANALYSIS_SETTLE_MS,
    audioCaps: {
      prompt: { maxBytes: Math.round(e.AUDIO_PROMPT_MAX_MB * MB), maxDurationS: e.AUDIO_PROMPT_MAX_S },
      playlist: {
        maxBytes: Math.round(e.AUDIO_PLAYLIST_MAX_MB * MB),
        maxDurationS: e.AUDIO_PLAYLIST_MAX_S,
      },
    },
    limits: {
      perToken: e.API_REQUESTS_PER_MINUTE,
      perAddress: e.API_ANONYMOUS_REQUESTS_PER_MINUTE,
      maxHeaderBytes: e.MAX_HEADER_KB * 1024,
      headersTimeoutMs: e.HEADERS_TIMEOUT_S * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_S * 1000,
    },
    embedOrigins: e.EMBED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    deviceGatewayUrl: e.DEVICE_GATEWAY_URL?.replace(/\/+$/, '') ?? null,
    gatewayCorsOrigins: e.GATEWAY_CORS_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    mapTilesUrl: e.MAP_TILES_URL === 'none' ? null : e.MAP_TILES_URL,
    validateResponses: false,
  };
}

function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  const s3Given = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].some(Boolean);
  if (!s3Given) return { kind: 'local', dir: path.join(dataDir, 'files') };
  const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
  if (missing.length) {
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required with the other S3_ variables`).join('\n')}`,
    );
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

function readRegions(
  inline: string | undefined,
  file: string | undefined,
  own: string,
  publicUrl: string,
  cwd: string,
): Config['regions'] {
  let raw: string | undefined = inline;
  if (!raw && file) raw = readFileSync(path.resolve(cwd, file), 'utf8');
  if (!raw) return [{ label: own, region: own, host: publicUrl }];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new ConfigError('REGIONS: not valid JSON (expected [{"label","region","host"}, …])');
  }
  const list = z.array(region).min(1).safeParse(json);
  if (!list.success) {
    throw new ConfigError(
      `REGIONS: ${list.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  if (!list.data.some((r) => r.region === own)) {
    throw new ConfigError(`REGIONS: does not list this server's own REGION ${own}`);
  }
  return list.data.map((r) => ({ ...r, host: r.host.replace(/\/$/, '') }));
}
