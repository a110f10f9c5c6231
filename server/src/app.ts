import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_SCOPES } from '@fleet/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Gauge, type Registry } from 'prom-client';
import { AUTH_CHANNEL, AuthCache } from './auth/auth-cache.js';
import { createFieldCipher } from './auth/field-cipher.js';
import { sessionOptionsFor } from './auth/sessions.js';
import { sharedSecret } from './auth/settings.js';
import { createSignedLinks } from './auth/signed-links.js';
import { createTokens } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Database, ListenHandlers } from './db/client.js';
import { type Fleet, startFleet } from './fleet/fleet-service.js';
import { registerDocPages } from './http/doc-pages.js';
import { handleError, handleFrameworkError, MAX_PARAM_LENGTH } from './http/error-handler.js';
import { registerGatewayCors } from './http/gateway-cors.js';
import type { Handlers } from './http/handlers.js';
import { callersOf, registerContract } from './http/register-contract.js';
import { limitedServer, registerRequestBudgets } from './http/request-limits.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerWebApp } from './http/web-app.js';
import { registerLive } from './live/register-live.js';
import { createMailer } from './mail/mailer.js';
import { ReportScheduler } from './modules/analysis/reports/report-scheduler.js';
import { RollupWorker } from './modules/analysis/rollup/rollup-worker.js';
import { analysisHandlers } from './modules/analysis/routes.js';
import { AppGate } from './modules/apps/app-gate.js';
import { appHandlers } from './modules/apps/routes.js';
import { feedWebhooks } from './modules/apps/webhooks/event-sources.js';
import { WebhookDispatcher } from './modules/apps/webhooks/webhook-dispatcher.js';
import { AudioDeployer } from './modules/audio/deploy/audio-deployer.js';
import { linkCallLimits } from './modules/audio/deploy/link-budgets.js';
import { audioHandlers } from './modules/audio/routes.js';
import { auditHandlers } from './modules/audit/routes.js';
import { authHandlers } from './modules/auth/routes.js';
import { buildingHandlers } from './modules/buildings/routes.js';
import { commonHandlers } from './modules/common/routes.js';
import { companyHandlers } from './modules/companies/routes.js';
import { deviceFeedOf } from './modules/devices/device-feed.js';
import { checkDeviceLogin } from './modules/devices/link/device-credentials.js';
import { DeviceLink } from './modules/devices/link/device-link.js';
import { deviceHandlers } from './modules/devices/routes.js';
import { liftFeedOf } from './modules/lifts/lift-feed.js';
import { checkGatewayLogin } from './modules/lifts/link/gateway-credentials.js';
import { LiftLink } from './modules/lifts/link/lift-link.js';
import { liftHandlers } from './modules/lifts/routes.js';
import { localeHandlers } from './modules/locales/routes.js';
import { peopleHandlers } from './modules/people/routes.js';
import { regionHandlers } from './modules/regions/routes.js';
import { robotHandlers } from './modules/robots/routes.js';
import { roleHandlers } from './modules/roles/routes.js';
import { ssoHandlers } from './modules/sso/routes.js';
import { registerHealth } from './ops/health.js';
import { registerMetrics } from './ops/metrics.js';
import type { Services } from './services.js';
import { createStore } from './storage/create-store.js';

/** How long a closing server waits for its requests in flight before it cuts their connections. */
const CLOSE_GRACE_MS = 3000;

export interface AppOptions {
  config: Config;
  directory: Database;
  regional: Database;
  logger?: FastifyServerOptions['logger'];
  /**
   * Closes the databases when the app closes. Registered before anything else because Fastify runs onClose
   * hooks last-registered first: the fleet's final history flush still needs them.
   */
  closeDatabases?: () => Promise<void>;
}

/** Per-address limits on public calls that cost the server work or mail (login has its own, per account). */
const PUBLIC_CALL_LIMITS = {
  getVerifyCode: { max: 10, timeWindow: '15 minutes' },
  resetPassword: { max: 20, timeWindow: '15 minutes' },
  addMissingKeys: { max: 60, timeWindow: '1 minute' },
  // Finding a company by e-mail domain is held to a small budget against enumeration. Starting a sign-in writes a
  // flow row, so it has a budget of its own, sized for an office of people behind one address at 9 o'clock; the
  // callback and the ticket need none beyond the address's: each is single-use and unguessable.
  ssoLoginUrl: { max: 20, timeWindow: '1 minute' },
  operatorSsoLoginUrl: { max: 20, timeWindow: '1 minute' },
  ssoLogin: { max: 120, timeWindow: '1 minute' },
  // An integration asks for a token once an hour; a secret is 32 random bytes, so this only keeps floods cheap.
  openToken: { max: 60, timeWindow: '1 minute' },
} as const;

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    serverFactory: limitedServer(config.limits),
    // Fastify's own copies of the server's timeouts, so both agree.
    requestTimeout: config.limits.requestTimeoutMs,
    keepAliveTimeout: config.limits.keepAliveTimeoutMs,
    frameworkErrors: handleFrameworkError,
  });
  const { closeDatabases } = opts;
  if (closeDatabases) app.addHook('onClose', closeDatabases);
  // Closing waits for the requests in flight, but not for ever: a client that opened a connection and never sent
  // on it, or stopped reading a download, would otherwise keep the server from stopping at all.
  app.addHook('preClose', async () => {
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Schemas given to Fastify serve the OpenAPI document; register-contract parses with zod itself.
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(handleError);
  await registerSecurityHeaders(app, config);
  await registerGatewayCors(app, config);

  // Order matters: metrics and limits hook every route, so they come before the routes.
  const metrics = registerMetrics(app);
  await registerRequestBudgets(app, config.limits);
  // Robots (the broker, or the external one) and the lifts' link start before the routes are built, so the
  // services every module gets are complete.
  // Only PostgreSQL is shared by several instances: each hears there what the others change (PGlite is one
  // process's).
  const changesHeard =
    opts.regional.kind === 'postgres'
      ? { listen: (channel: string, handlers: ListenHandlers) => opts.regional.listen(channel, handlers) }
      : {};
  const fleet = await startFleet({
    config,
    reg: opts.regional.db,
    sharedDatabase: opts.regional.kind === 'postgres',
    ...changesHeard,
    log: app.log,
    metrics,
    peripheralLogin: (kind, username, password) =>
      kind === 'lifts'
        ? checkGatewayLogin(opts.regional.db, config.liftPrefix, username, password)
        : checkDeviceLogin(opts.regional.db, config.devicePrefix, username, password),
  });
  // How the instances speak with each other: the database they share (LISTEN, NOTIFY).
  const mesh = {
    listen: (channel: string, handlers: ListenHandlers) => opts.regional.listen(channel, handlers),
    notify: async (channel: string, payload: string) => {
      await opts.regional.db.execute(sql`select pg_notify(${channel}, ${payload})`);
    },
  };
  const lifts = await LiftLink.start({
    prefix: config.liftPrefix,
    reg: opts.regional.db,
    fleet,
    log: app.log,
    metrics,
    transport: mesh,
    ...changesHeard,
  });
  const devices = await DeviceLink.start({
    prefix: config.devicePrefix,
    reg: opts.regional.db,
    fleet,
    lifts,
    log: app.log,
    metrics,
    timings: config.calls,
    mesh,
  });
  // onClose hooks run last-registered first: /live and the fleet (registerLive) close before the device and lift
  // links, and the databases (registered first of all) close last, after the fleet's final history flush.
  app.addHook('onClose', async () => lifts.close());
  app.addHook('onClose', async () => devices.close());
  app.decorate('lifts', lifts);
  app.decorate('devices', devices);
  app.decorate('fleet', fleet);
  const services = await createServices(app, opts, fleet, lifts, devices, metrics);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.productName} API`,
        version: '1',
        description:
          'Every call of the console. Answers are `{success, info, data}`; failures carry a `code`.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'token' },
          // The company's SCIM token, sent by its identity provider to /scim/v2 (docs/sso.md).
          scimToken: { type: 'http', scheme: 'bearer' },
          // An API application's access token for the open API (docs/api-apps.md).
          appToken: {
            type: 'oauth2',
            flows: {
              clientCredentials: {
                tokenUrl: '/opt/open/v1/oauth/token',
                scopes: Object.fromEntries(API_SCOPES.map((s) => [s, `the ${s} scope`])),
              },
            },
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/opt/docs' });
  await app.register(async (scope) => {
    registerContract(scope, services, allHandlers(services), {
      ...PUBLIC_CALL_LIMITS,
      ...linkCallLimits(services.links, config.limits),
    });
  });
  registerHealth(app, { directory: opts.directory, regional: opts.regional });
  registerDocPages(app);
  // The live push to browsers and MQTT over WebSocket.
  await registerLive(
    app,
    services,
    fleet,
    { lifts: liftFeedOf(services.lifts), devices: deviceFeedOf(services.devices) },
    metrics,
  );
  await registerWebApp(app, config.webDist);
  return app;
}

/**
 * The cache of who callers are, kept current by the directory's notifications; a request that may have written
 * waits for its fence before its answer leaves, so this instance's next request sees its own writes. An API
 * application's calls cannot write people, sessions or memberships (their routes read the fleet and command robots):
 * a go-to sent by an integrator a hundred times a second leaves the cache as it is.
 */
async function followAuthChanges(
  app: FastifyInstance,
  directory: AppOptions['directory'],
  metrics: Registry,
): Promise<AuthCache> {
  const auth = new AuthCache();
  new Gauge({
    name: 'auth_cache_entries',
    help: 'Answers about callers (sessions, their companies) kept in this instance’s memory',
    registers: [metrics],
    collect() {
      this.set(auth.size);
    },
  });
  const link = await directory.listen(AUTH_CHANNEL, {
    onMessage: (payload) => auth.heard(payload),
    onLink: (up) => {
      auth.hearing = up;
      if (!up)
        app.log.warn('auth: the link that hears changes is down; callers are read afresh until it is back');
    },
  });
  app.addHook('onClose', () => link.close());
  // A request that may have written (a person's, not an application's; a refused sign-in writes too) answers once
  // this instance has heard what it changed.
  const notify = (payload: string) =>
    directory.db.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${payload})`);
  app.addHook('onSend', async (request) => {
    if (READS.has(request.method) || callersOf(request) === 'app') return;
    await auth.fence(notify);
  });
  return auth;
}

/** Methods that never write: their requests leave the cache as it is. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function allHandlers(services: Services): Handlers {
  return {
    ...commonHandlers(services),
    ...regionHandlers(services),
    ...authHandlers(services),
    ...peopleHandlers(services),
    ...companyHandlers(services),
    ...roleHandlers(services),
    ...auditHandlers(services),
    ...deviceHandlers(services),
    ...robotHandlers(services),
    ...buildingHandlers(services),
    ...ssoHandlers(services),
    ...localeHandlers(services),
    ...liftHandlers(services),
    ...audioHandlers(services),
    ...analysisHandlers(services),
    ...appHandlers(services),
  };
}

async function createServices(
  app: FastifyInstance,
  opts: AppOptions,
  fleet: Fleet,
  lifts: LiftLink,
  devices: DeviceLink,
  metrics: Registry,
): Promise<Services> {
  const dir = opts.directory.db;
  const auth = await followAuthChanges(app, opts.directory, metrics);
  const tokenSecret = await sharedSecret(dir, 'token_secret', opts.config.tokenSecret);
  const fieldKey = await sharedSecret(dir, 'field_key', opts.config.secretKey);
  const links = createSignedLinks(tokenSecret);
  const audio = new AudioDeployer(opts.regional.db, fleet, links, opts.config.publicUrl, app.log);
  // onClose runs last-registered first: /live and the fleet stop before this, the databases after its last write.
  app.addHook('onClose', async () => audio.close());
  await audio.resume();
  app.decorate('audio', audio);
  const analysis = new RollupWorker(opts.regional.db, app.log, Date.now, opts.config.analysisSettleMs);
  if (opts.config.analysisRollupMs > 0) analysis.start(opts.config.analysisRollupMs);
  app.addHook('onClose', async () => analysis.stop());
  app.decorate('analysis', analysis);
  const cipher = createFieldCipher(fieldKey);
  const appGate = new AppGate(opts.regional.db, app.log);
  app.addHook('onClose', async () => appGate.close());
  const webhooks = new WebhookDispatcher({
    reg: opts.regional.db,
    cipher,
    store: fleet.store,
    log: app.log,
    allowPrivate: opts.config.webhooks.allowPrivate,
    retryBaseMs: opts.config.webhooks.retryBaseMs,
    userAgent: `${opts.config.productName} webhooks`,
  });
  const stopFeeding = feedWebhooks(webhooks, fleet, devices, lifts);
  app.addHook('onClose', async () => {
    stopFeeding();
    await webhooks.close();
  });
  app.decorate('webhooks', webhooks);
  app.decorate('appGate', appGate);
  const services: Services = {
    config: opts.config,
    dir,
    reg: opts.regional.db,
    tokens: createTokens(tokenSecret),
    links,
    cipher,
    mailer: createMailer({
      smtpUrl: opts.config.smtpUrl,
      from: opts.config.mailFrom,
      dataDir: opts.config.dataDir,
      log: app.log,
    }),
    storage: createStore(opts.config.storage),
    fleet,
    lifts,
    devices,
    audio,
    analysis,
    appGate,
    webhooks,
    sessionOptions: sessionOptionsFor(dir, opts.config),
    auth,
    log: app.log,
  };
  // Reports and alerts go out after each roll-up pass, on the figures it just built.
  const reports = new ReportScheduler(services);
  analysis.afterPass = () => reports.tick();
  app.decorate('analysisReports', reports);
  return services;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The robots of this region: live store, message bus, embedded broker. */
    fleet: import('./fleet/fleet-service.js').Fleet;
    /** The lifts of this region: gateways' link, live states, sessions. */
    lifts: import('./modules/lifts/link/lift-link.js').LiftLink;
    /** The mini devices of this region: their link, live states and calls. */
    devices: import('./modules/devices/link/device-link.js').DeviceLink;
    /** Audio on this region's robots: group versions sent and followed, play-now. */
    audio: import('./modules/audio/deploy/audio-deployer.js').AudioDeployer;
    /** The analysis roll-up of this region. */
    analysis: import('./modules/analysis/rollup/rollup-worker.js').RollupWorker;
    /** Signs and delivers the API applications' webhooks. */
    webhooks: import('./modules/apps/webhooks/webhook-dispatcher.js').WebhookDispatcher;
    /** The open API's allowed addresses, rate limits and usage counts (flushed every ten seconds). */
    appGate: import('./modules/apps/app-gate.js').AppGate;
    /** Sends the analysis reports and alerts that are due. */
    analysisReports: import('./modules/analysis/reports/report-scheduler.js').ReportScheduler;
  }
}
