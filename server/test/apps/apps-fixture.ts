import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Api, api, buildPath, type CreateAppBody, type RouteId } from '@fleet/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buildings, robots } from '../../src/db/schema/index.js';
import type { VdaState } from '../../src/fleet/vda/messages.js';
import { robotTopic } from '../../src/fleet/vda/topics.js';
import { must } from '../demo.js';
import { eventually } from '../fleet/fleet-helpers.js';
import { state } from '../fleet/vda-samples.js';
import { type Answer, call, type TestApp } from '../helper.js';
import { walkApp } from '../walk-apps.js';

/*
 * What the API application tests share: making an application and getting its token, calling the open API as an
 * integrator does (a bearer token, from an address of its choosing), a receiver that records what webhooks send,
 * and robots made to say things over MQTT.
 */

export { eventually };

export const TOKEN_PATH = api.openToken.path;

export interface MadeApp {
  id: string;
  accessKey: string;
  secret: string;
}

/** Creates an application (every scope, every robot unless told otherwise) as `token`'s person. */
export async function createApp(
  t: TestApp,
  token: string,
  over: Partial<CreateAppBody> = {},
): Promise<MadeApp> {
  const res = await call(t.app, 'createApiApp', { token, body: walkApp(over) });
  expect(res.status, res.body.info).toBe(200);
  return { id: res.body.data.app.id, accessKey: res.body.data.accessKey, secret: res.body.data.secret };
}

export interface RawAnswer {
  status: number;
  json: Record<string, unknown>;
  headers: Record<string, string | string[] | number | undefined>;
}

/** The token endpoint with a JSON body, as a client library might send it. */
export async function tokenRequest(
  t: TestApp,
  body: Record<string, string>,
  opts: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<RawAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    headers: opts.headers ?? {},
    payload: body,
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  return { status: res.statusCode, json: res.json(), headers: res.headers };
}

/** An access token of the application, asked for with its key and secret (and fewer scopes when given). */
export async function tokenOf(
  t: TestApp,
  app: { accessKey: string; secret: string },
  opts: { scope?: string; remoteAddress?: string } = {},
): Promise<string> {
  const res = await tokenRequest(
    t,
    {
      grant_type: 'client_credentials',
      client_id: app.accessKey,
      client_secret: app.secret,
      ...(opts.scope !== undefined ? { scope: opts.scope } : {}),
    },
    opts,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return String(res.json.access_token);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Calls an open API route with an application's access token (or none), from `remoteAddress` if given. */
export async function openCall<K extends RouteId>(
  t: TestApp,
  id: K,
  token: string | null,
  opts: {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    remoteAddress?: string;
  } = {},
): Promise<Answer<import('zod').infer<Api[K]['data']>>> {
  const def = api[id];
  const res = await t.app.inject({
    method: def.method,
    url: buildPath(def.path, opts.params),
    query: opts.query ?? {},
    headers: token ? bearer(token) : {},
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

export async function buildingIdOf(t: TestApp, companyId: string, name: string): Promise<string> {
  const [row] = await t.regional.db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.companyId, companyId), eq(buildings.name, name)));
  return must(row, `building ${name}`).id;
}

/** The demo robot of that name (server/src/demo/demo-robots.ts). */
export async function demoRobotId(t: TestApp, name: string): Promise<string> {
  const [row] = await t.regional.db.select({ id: robots.id }).from(robots).where(eq(robots.name, name));
  return must(row, `robot ${name}`).id;
}

/** Registers a robot of Acme's in the building; answers its id and MQTT credentials. */
export async function registerRobot(
  t: TestApp,
  owner: string,
  serialNumber: string,
  buildingId: string | null,
) {
  const res = await call(t.app, 'registerRobot', {
    token: owner,
    body: { name: `Robot ${serialNumber}`, manufacturer: 'apps', serialNumber, model: 'R1', buildingId },
  });
  expect(res.status, res.body.info).toBe(200);
  return { id: res.body.data.robot.id, credentials: res.body.data.credentials };
}

let said = 0;

/**
 * The robot publishes a VDA 5050 state (through the embedded broker) and the live store has taken it in: each
 * state puts the robot at a point of its own, so the store is seen to hold this very message.
 */
export async function robotSays(
  t: TestApp,
  robot: { id: string; serialNumber: string; manufacturer?: string },
  over: Partial<VdaState> = {},
): Promise<void> {
  const manufacturer = robot.manufacturer ?? 'apps';
  const x = 1 + ++said / 1000;
  const sent = state({
    manufacturer,
    serialNumber: robot.serialNumber,
    agvPosition: { x, y: 2, theta: 0, mapId: 'floor-1' },
    ...over,
  });
  await t.app.fleet.bus.publish(
    robotTopic(t.app.fleet.prefix, manufacturer, robot.serialNumber, 'state'),
    JSON.stringify(sent),
    { qos: 0 },
  );
  await eventually(
    `state ${x} of ${robot.serialNumber}`,
    () => t.app.fleet.store.get(robot.id)?.position?.x === x,
  );
}

/** The robot's connection topic says it went offline (as its broker's last will would). */
export async function robotGoesOffline(
  t: TestApp,
  robot: { id: string; serialNumber: string; manufacturer?: string },
): Promise<void> {
  const manufacturer = robot.manufacturer ?? 'apps';
  await t.app.fleet.bus.publish(
    robotTopic(t.app.fleet.prefix, manufacturer, robot.serialNumber, 'connection'),
    JSON.stringify({
      headerId: 1,
      timestamp: new Date().toISOString(),
      version: '2.0.0',
      manufacturer,
      serialNumber: robot.serialNumber,
      connectionState: 'OFFLINE',
    }),
    { qos: 0 },
  );
  await eventually(
    `${robot.serialNumber} offline`,
    () => t.app.fleet.store.get(robot.id)?.connection === 'OFFLINE',
  );
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 that records every request; `answer` chooses the status of the n-th request
 * to a path (1-based), 204 by default. Each webhook of a test gets its own path.
 */
export async function startRecorder(answer: (path: string, n: number) => number = () => 204) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const n = received.filter((r) => r.path === path).length;
      res.writeHead(answer(path, n)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    received,
    /** What reached `path`, as the event types of the bodies. */
    types: (path: string) =>
      received.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as { type: string }).type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Recorder = Awaited<ReturnType<typeof startRecorder>>;
