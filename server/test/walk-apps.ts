import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_SCOPES, type CreateAppBody } from '@fleet/contract';
import { robotTopic } from '../src/fleet/vda/topics.js';
import { state } from './fleet/vda-samples.js';
import { type CallOptions, call, type TestApp } from './helper.js';

/** The walk's API application (Acme's, every scope, every robot), its webhook and where the webhook delivers. */
export interface AppWalk {
  apiApp: string;
  appKey: string;
  appSecret: string;
  /** An access token of the application, got once: the token endpoint has a budget of its own. */
  appToken: string;
  webhook: string;
  /** A command the application sent the Walker. */
  appCommand: string;
  receiverUrl: string;
}

/** What the apps' happy calls need of the walk's context (walk-fixture.ts, which imports this file). */
type WalkContext = AppWalk & { t: TestApp; token: { owner: string }; robot: string };
type WalkCall = CallOptions & { as: 'owner' | 'admin' | 'anonymous'; status: number };

let made = 0;

export const walkApp = (over: Partial<CreateAppBody> = {}): CreateAppBody => ({
  name: `Walk app ${++made}`,
  scopes: [...API_SCOPES],
  robots: { all: true, robotIds: [], buildingIds: [] },
  ipRanges: [],
  rateLimitPerMinute: 6000,
  expiresAt: null,
  ...over,
});

/** A receiver that takes every delivery (204), on 127.0.0.1 (the tests allow private addresses). */
export async function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server };
}

export async function appFixture(t: TestApp, token: string): Promise<AppWalk> {
  const created = await call(t.app, 'createApiApp', { token, body: walkApp({ name: 'Walk integration' }) });
  if (created.status !== 200) throw new Error(`api app: ${created.body.info}`);
  const { app, accessKey, secret } = created.body.data;
  const issued = await call(t.app, 'openToken', {
    body: { grant_type: 'client_credentials', client_id: accessKey, client_secret: secret },
  });
  const appToken = (issued.body as unknown as { access_token?: string }).access_token;
  if (!appToken) throw new Error(`api token: ${JSON.stringify(issued.body)}`);
  const receiver = await startReceiver();
  const close = t.close;
  t.close = async () => {
    await close();
    await new Promise((resolve) => receiver.server.close(resolve));
  };
  const hook = await call(t.app, 'createWebhook', {
    token,
    body: { appId: app.id, url: receiver.url, events: ['robot.online', 'task.finished'] },
  });
  if (hook.status !== 200) throw new Error(`webhook: ${hook.body.info}`);
  await walkerReports(t);
  const paused = await call(t.app, 'openPause', {
    params: { id: (await walkerId(t)) ?? '' },
    headers: { authorization: `Bearer ${appToken}` },
  });
  if (paused.status !== 200) throw new Error(`api pause: ${JSON.stringify(paused.body)}`);
  return {
    apiApp: app.id,
    appKey: accessKey,
    appSecret: secret,
    appToken,
    webhook: hook.body.data.webhook.id,
    appCommand: paused.body.data.id,
    receiverUrl: receiver.url,
  };
}

async function walkerId(t: TestApp): Promise<string | undefined> {
  return t.app.fleet.store.idOf('acme', 'W-1');
}

/** The Walker says where it is, so commands reach it. */
async function walkerReports(t: TestApp): Promise<void> {
  await t.app.fleet.bus.publish(
    robotTopic(t.app.fleet.prefix, 'acme', 'W-1', 'state'),
    JSON.stringify(state({ manufacturer: 'acme', serialNumber: 'W-1' })),
    { qos: 0 },
  );
}

const asApp = (c: WalkContext) => ({
  as: 'anonymous' as const,
  headers: { authorization: `Bearer ${c.appToken}` },
});

async function tempApp(c: WalkContext): Promise<string> {
  const res = await call(c.t.app, 'createApiApp', { token: c.token.owner, body: walkApp() });
  if (res.status !== 200) throw new Error(`temp app: ${res.body.info}`);
  return res.body.data.app.id;
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type AppRouteId =
  | 'listApiApps'
  | 'createApiApp'
  | 'editApiApp'
  | 'rotateApiAppSecret'
  | 'revokeApiApp'
  | 'reviewApiApp'
  | 'removeApiApp'
  | 'apiAppUsage'
  | 'listWebhooks'
  | 'createWebhook'
  | 'editWebhook'
  | 'rotateWebhookSecret'
  | 'removeWebhook'
  | 'webhookDeliveries'
  | 'testWebhook'
  | 'openToken'
  | 'openApp'
  | 'openRobots'
  | 'openRobot'
  | 'openGoTo'
  | 'openPause'
  | 'openResume'
  | 'openCommand'
  | 'openTasks'
  | 'openFigures'
  | 'openDevices'
  | 'openLifts';

/** The apps area's happy calls (walk-fixture.ts HAPPY). */
export const APPS_HAPPY: { [K in AppRouteId]: (c: WalkContext) => Promise<WalkCall> } = {
  listApiApps: async () => ({ as: 'owner', status: 200 }),
  createApiApp: async () => ({ as: 'admin', body: walkApp(), status: 200 }),
  editApiApp: async (c) => ({
    as: 'owner',
    body: { id: c.apiApp, ...walkApp({ name: 'Walk integration' }) },
    status: 200,
  }),
  rotateApiAppSecret: async (c) => ({
    as: 'owner',
    params: { id: await tempApp(c) },
    body: { overlapHours: 1 },
    status: 200,
  }),
  revokeApiApp: async (c) => ({ as: 'owner', params: { id: await tempApp(c) }, status: 200 }),
  reviewApiApp: async (c) => ({ as: 'owner', params: { id: c.apiApp }, status: 200 }),
  removeApiApp: async (c) => ({ as: 'owner', params: { id: await tempApp(c) }, status: 200 }),
  apiAppUsage: async (c) => ({ as: 'owner', params: { id: c.apiApp }, query: { hours: 24 }, status: 200 }),
  listWebhooks: async (c) => ({ as: 'owner', params: { id: c.apiApp }, status: 200 }),
  createWebhook: async (c) => ({
    as: 'owner',
    body: { appId: await tempApp(c), url: c.receiverUrl, events: ['robot.offline'] },
    status: 200,
  }),
  editWebhook: async (c) => ({
    as: 'owner',
    body: { id: c.webhook, url: c.receiverUrl, events: ['robot.online', 'task.finished'], active: true },
    status: 200,
  }),
  rotateWebhookSecret: async (c) => ({ as: 'owner', params: { id: c.webhook }, status: 200 }),
  removeWebhook: async (c) => {
    const hook = await call(c.t.app, 'createWebhook', {
      token: c.token.owner,
      body: { appId: await tempApp(c), url: c.receiverUrl, events: ['robot.offline'] },
    });
    return { as: 'owner', params: { id: hook.body.data.webhook.id }, status: 200 };
  },
  webhookDeliveries: async (c) => ({ as: 'owner', params: { id: c.webhook }, status: 200 }),
  testWebhook: async (c) => ({ as: 'owner', params: { id: c.webhook }, status: 200 }),
  openToken: async (c) => ({
    as: 'anonymous',
    body: { grant_type: 'client_credentials', client_id: c.appKey, client_secret: c.appSecret },
    status: 200,
  }),
  openApp: async (c) => ({ ...asApp(c), status: 200 }),
  openRobots: async (c) => ({ ...asApp(c), status: 200 }),
  openRobot: async (c) => ({ ...asApp(c), params: { id: c.robot }, status: 200 }),
  openGoTo: async (c) => {
    await walkerReports(c.t);
    return { ...asApp(c), params: { id: c.robot }, body: { target: { x: 1, y: 1 } }, status: 200 };
  },
  openPause: async (c) => {
    await walkerReports(c.t);
    return { ...asApp(c), params: { id: c.robot }, status: 200 };
  },
  openResume: async (c) => {
    await walkerReports(c.t);
    return { ...asApp(c), params: { id: c.robot }, status: 200 };
  },
  openCommand: async (c) => ({ ...asApp(c), params: { id: c.appCommand }, status: 200 }),
  openTasks: async (c) => ({
    ...asApp(c),
    query: { since: new Date(Date.now() - 7 * 86_400_000).toISOString(), until: new Date().toISOString() },
    status: 200,
  }),
  openFigures: async (c) => ({ ...asApp(c), query: { from: day(-7), to: day(0) }, status: 200 }),
  openDevices: async (c) => ({ ...asApp(c), status: 200 }),
  openLifts: async (c) => ({ ...asApp(c), status: 200 }),
};
