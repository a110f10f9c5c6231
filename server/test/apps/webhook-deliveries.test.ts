import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '@fleet/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdOf, demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import {
  buildingIdOf,
  createApp,
  eventually,
  type Received,
  type Recorder,
  registerRobot,
  robotGoesOffline,
  robotSays,
  startRecorder,
} from './apps-fixture.js';

/*
 * How a webhook's deliveries go (APPS-WEBHOOKS): signed as the Standard Webhooks specification says (checked with
 * its own library, not with our signing code), written with the first attempt's outcome (or pending, when the
receiver takes more than a second to answer), retried with back-off (a tenth of
 * a second to start with here, helper.ts) until the receiver takes them, and shown in the delivery log with the
 * receiver's status code. Each test has its own robot, application and receiver path, so no event of one test
 * reaches the webhooks of another.
 */

let t: TestApp;
let owner: string;
let tower: string;
let receiver: Recorder;
let robots = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ owner } = await demoTokens(t, 'owner'));
  tower = await buildingIdOf(t, await companyIdOf(t, 'Acme Robotics'), 'Acme Tower');
  receiver = await startRecorder((path, n) => {
    if (path === '/flaky') return n <= 2 ? 500 : 204;
    if (path === '/down') return 503;
    if (path === '/refuses-tests') return 500;
    return 204;
  });
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** A robot of the test's own, online, and a webhook of an application that reaches only it. */
async function hookedRobot(path: string, events: WebhookEvent[], url = receiver.url(path)) {
  const serialNumber = `HOOK-${++robots}`;
  const { id } = await registerRobot(t, owner, serialNumber, tower);
  const robot = { id, serialNumber };
  await robotSays(t, robot);
  const app = await createApp(t, owner, {
    name: `Receiver ${path}`,
    robots: { all: false, robotIds: [id], buildingIds: [] },
  });
  const made = await call(t.app, 'createWebhook', { token: owner, body: { appId: app.id, url, events } });
  expect(made.status, made.body.info).toBe(200);
  return { robot, app, webhook: made.body.data.webhook.id, signingSecret: made.body.data.signingSecret };
}

const deliveries = async (webhook: string) =>
  (await call(t.app, 'webhookDeliveries', { token: owner, params: { id: webhook } })).body.data;

/** Verifies a request as a receiver would, with the standardwebhooks package: answers the payload. */
const verified = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; timestamp: string; data: Record<string, unknown> };

const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe('the test event', () => {
  it('APPS-WEBHOOKS: “send test event” sends a signed webhook.test and answers the delivery with the status code', async () => {
    const { webhook, signingSecret, app } = await hookedRobot('/test', ['robot.offline']);
    expect(signingSecret).toMatch(/^whsec_/);
    const res = await call(t.app, 'testWebhook', { token: owner, params: { id: webhook } });
    expect(res.status, res.body.info).toBe(200);
    expect(res.body.data).toMatchObject({
      eventType: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      statusCode: 204,
      error: null,
      nextAttemptAt: null,
    });
    const [got] = at('/test');
    if (!got) throw new Error('the receiver got nothing');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['webhook-id']).toBe(res.body.data.eventId);
    expect(got.headers['webhook-signature']).toMatch(/^v1,/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const payload = verified(signingSecret, got);
    expect(payload).toMatchObject({ type: 'webhook.test', data: { application: 'Receiver /test' } });
    // Another secret, or a body changed on the way, does not verify.
    const other = await hookedRobot('/test-other', ['robot.offline']);
    expect(() => verified(other.signingSecret, got)).toThrow();
    expect(() => verified(signingSecret, { ...got, body: got.body.replace('test', 'tset') })).toThrow();
    // The delivery log and the webhook list show it.
    expect((await deliveries(webhook))[0]).toMatchObject({ id: res.body.data.id, statusCode: 204 });
    const hooks = await call(t.app, 'listWebhooks', { token: owner, params: { id: app.id } });
    expect(hooks.body.data[0]?.lastDelivery).toMatchObject({ id: res.body.data.id, status: 'delivered' });
  });

  it('APPS-WEBHOOKS: a rotated signing secret signs from then on; the old one no longer verifies', async () => {
    const { webhook, signingSecret } = await hookedRobot('/rotated', ['robot.offline']);
    const rotated = await call(t.app, 'rotateWebhookSecret', { token: owner, params: { id: webhook } });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.data.signingSecret;
    expect(fresh).not.toBe(signingSecret);
    expect(
      (await call(t.app, 'testWebhook', { token: owner, params: { id: webhook } })).body.data.statusCode,
    ).toBe(204);
    const [got] = at('/rotated');
    if (!got) throw new Error('the receiver got nothing');
    expect(verified(fresh, got).type).toBe('webhook.test');
    expect(() => verified(signingSecret, got)).toThrow();
  });

  it('APPS-WEBHOOKS: a test the receiver refuses is logged failed with its status code, never retried', async () => {
    const { webhook } = await hookedRobot('/refuses-tests', ['robot.offline']);
    const res = await call(t.app, 'testWebhook', { token: owner, params: { id: webhook } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'failed',
      statusCode: 500,
      attempts: 1,
      error: 'the receiver answered 500',
      nextAttemptAt: null,
    });
    await t.app.webhooks.settle();
    expect(at('/refuses-tests')).toHaveLength(1);
  });

  it('APPS-WEBHOOKS: a webhook turned off, or of a revoked application, sends no test (409)', async () => {
    const { webhook, app } = await hookedRobot('/off', ['robot.offline']);
    const off = await call(t.app, 'editWebhook', {
      token: owner,
      body: { id: webhook, url: receiver.url('/off'), events: ['robot.offline'], active: false },
    });
    expect(off.status).toBe(200);
    expect((await call(t.app, 'testWebhook', { token: owner, params: { id: webhook } })).status).toBe(409);
    await call(t.app, 'editWebhook', {
      token: owner,
      body: { id: webhook, url: receiver.url('/off'), events: ['robot.offline'], active: true },
    });
    expect((await call(t.app, 'revokeApiApp', { token: owner, params: { id: app.id } })).status).toBe(200);
    expect((await call(t.app, 'testWebhook', { token: owner, params: { id: webhook } })).status).toBe(409);
    expect(at('/off')).toHaveLength(0);
  });
});

describe('retries', () => {
  it('APPS-WEBHOOKS: a receiver that fails twice (500) then answers 204 gets the delivery at the third attempt', async () => {
    const { robot, webhook, signingSecret } = await hookedRobot('/flaky', ['robot.offline']);
    await robotGoesOffline(t, robot);
    const done = await eventually('the delivery delivered', async () => {
      const [d] = await deliveries(webhook);
      return d?.status === 'delivered' && d;
    });
    // (Said on failure: how many requests the receiver got, to tell an extra attempt from a lost one.)
    expect(done, `the receiver got ${at('/flaky').length} requests`).toMatchObject({
      eventType: 'robot.offline',
      attempts: 3,
      statusCode: 204,
      error: null,
    });
    expect(done.nextAttemptAt).toBeNull();
    expect(Date.parse(done.lastAttemptAt ?? '')).toBeGreaterThan(Date.parse(done.createdAt));
    const got = at('/flaky');
    expect(got).toHaveLength(3);
    // The same event each time (a receiver drops repeats by webhook-id), each attempt signed afresh.
    expect(new Set(got.map((r) => r.headers['webhook-id']))).toEqual(new Set([done.eventId]));
    for (const r of got) expect(verified(signingSecret, r)).toMatchObject({ type: 'robot.offline' });
    expect(await deliveries(webhook)).toHaveLength(1);
  });

  it('APPS-WEBHOOKS: a receiver that always fails leaves the delivery retrying, with its next attempt set', async () => {
    const { robot, webhook } = await hookedRobot('/down', ['robot.offline']);
    await robotGoesOffline(t, robot);
    const retrying = await eventually('the first attempt recorded', async () => {
      const [d] = await deliveries(webhook);
      return d && d.attempts >= 1 && d;
    });
    expect(retrying).toMatchObject({
      status: 'retrying',
      statusCode: 503,
      error: 'the receiver answered 503',
    });
    expect(Date.parse(retrying.nextAttemptAt ?? '')).toBeGreaterThan(
      Date.parse(retrying.lastAttemptAt ?? ''),
    );
    // It is tried again, later each time.
    const again = await eventually('a second attempt', async () => {
      const [d] = await deliveries(webhook);
      return d && d.attempts >= 2 && d;
    });
    expect(again.status).toBe('retrying');
    expect(Date.parse(again.nextAttemptAt ?? '')).toBeGreaterThan(Date.parse(again.lastAttemptAt ?? ''));
  });

  it('APPS-WEBHOOKS: a receiver that does not answer at all is logged with no status code and the reason', async () => {
    const gone = await startRecorder();
    const url = gone.url('/gone');
    await gone.close();
    const { robot, webhook } = await hookedRobot('/gone', ['robot.offline'], url);
    await robotGoesOffline(t, robot);
    const d = await eventually('the first attempt recorded', async () => {
      const [first] = await deliveries(webhook);
      return first && first.attempts >= 1 && first;
    });
    expect(d).toMatchObject({ status: 'retrying', statusCode: null });
    expect(d.error).toMatch(/ECONNREFUSED/);
  });
});

describe('the delivery log', () => {
  it('APPS-WEBHOOKS: deliveries are listed newest first, one per event, with their type', async () => {
    const { robot, webhook } = await hookedRobot('/log', ['robot.offline', 'robot.online']);
    await robotGoesOffline(t, robot);
    await eventually('the offline delivery', () => at('/log').length === 1);
    await robotSays(t, robot);
    await eventually('the online delivery', () => at('/log').length === 2);
    await t.app.webhooks.settle();
    const log = await deliveries(webhook);
    expect(log.map((d) => d.eventType)).toEqual(['robot.online', 'robot.offline']);
    expect(log.every((d) => d.status === 'delivered' && d.statusCode === 204 && d.attempts === 1)).toBe(true);
    expect(Date.parse(log[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(log[1]?.createdAt ?? ''));
    // Removing the webhook removes its log; another company never sees it.
    const { solo } = await demoTokens(t, 'solo');
    expect((await call(t.app, 'webhookDeliveries', { token: solo, params: { id: webhook } })).status).toBe(
      404,
    );
    expect((await call(t.app, 'removeWebhook', { token: owner, params: { id: webhook } })).status).toBe(200);
    expect((await call(t.app, 'webhookDeliveries', { token: owner, params: { id: webhook } })).status).toBe(
      404,
    );
  });
});

/** A receiver that holds every request until the test lets it answer. */
async function startHolder() {
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => held.push(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    holding: () => held.length,
    answer: (status: number) => {
      for (const res of held.splice(0)) res.writeHead(status).end();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('when a delivery is written', () => {
  it('APPS-WEBHOOKS: a delivery whose receiver has not answered yet is in the log, pending, and delivered once it answers', async () => {
    const holder = await startHolder();
    try {
      const { robot, webhook } = await hookedRobot('/held', ['robot.offline'], holder.url('/held'));
      await robotGoesOffline(t, robot);
      await eventually('the receiver holding the request', () => holder.holding() === 1);
      // Not lost while the receiver thinks: written pending (within about a second), so a restart would resume it.
      const pending = await eventually('the delivery in the log', async () => (await deliveries(webhook))[0]);
      expect(pending).toMatchObject({ eventType: 'robot.offline', status: 'pending', attempts: 0 });
      holder.answer(204);
      const done = await eventually('the delivery delivered', async () => {
        const [d] = await deliveries(webhook);
        return d?.status === 'delivered' && d;
      });
      expect(done).toMatchObject({ attempts: 1, statusCode: 204, error: null });
      expect(await deliveries(webhook)).toHaveLength(1);
    } finally {
      await holder.close();
    }
  });

  // Last in the file: it stops the dispatcher.
  it('APPS-WEBHOOKS: a server stopping while a receiver holds a delivery leaves it in the log pending, for the next start to send', async () => {
    const holder = await startHolder();
    try {
      const { robot, webhook } = await hookedRobot('/stopping', ['robot.offline'], holder.url('/stopping'));
      await robotGoesOffline(t, robot);
      await eventually('the receiver holding the request', () => holder.holding() === 1);
      await t.app.webhooks.close();
      const [d] = await deliveries(webhook);
      expect(d).toMatchObject({ eventType: 'robot.offline', status: 'pending', attempts: 0 });
    } finally {
      await holder.close();
    }
  });
});
