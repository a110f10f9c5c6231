import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooks } from '../../src/db/schema/index.js';
import { demoTokens } from '../demo.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { createApp, type MadeApp, type Recorder, startRecorder } from './apps-fixture.js';

/*
 * APPS-WEBHOOK-GUARD with the operator's default (WEBHOOK_ALLOW_PRIVATE off): a private or local receiver is
 * refused when the webhook is saved, and again when a delivery would connect to it.
 */

let t: TestApp;
let owner: string;
let app: MadeApp;
let receiver: Recorder;

beforeAll(async () => {
  t = await buildTestApp({ webhooks: { allowPrivate: false, retryBaseMs: 100 } });
  ({ owner } = await demoTokens(t, 'owner'));
  app = await createApp(t, owner);
  receiver = await startRecorder();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('private receivers', () => {
  it('APPS-WEBHOOK-GUARD: a webhook to a loopback, private or link-local address is 400 naming body.url', async () => {
    const port = new URL(receiver.url('/')).port;
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://10.1.2.3/hook',
      'https://192.168.0.10/hook',
      'http://172.20.0.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0:8080/',
      'http://api.localhost/',
    ]) {
      const res = await call(t.app, 'createWebhook', {
        token: owner,
        body: { appId: app.id, url, events: ['robot.offline'] },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.info, url).toMatch(/^body\.url: .*WEBHOOK_ALLOW_PRIVATE/);
    }
    const listed = await call(t.app, 'listWebhooks', { token: owner, params: { id: app.id } });
    expect(listed.body.data).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('APPS-WEBHOOK-GUARD: a public receiver is saved; changing it to a private address is 400 naming body.url', async () => {
    const made = await call(t.app, 'createWebhook', {
      token: owner,
      body: { appId: app.id, url: 'https://hooks.example.com/fleet', events: ['robot.offline'] },
    });
    expect(made.status, made.body.info).toBe(200);
    const edited = await call(t.app, 'editWebhook', {
      token: owner,
      body: {
        id: made.body.data.webhook.id,
        url: receiver.url('/edited'),
        events: ['robot.offline'],
        active: true,
      },
    });
    expect(edited.status).toBe(400);
    expect(edited.body.info).toMatch(/^body\.url: /);
  });

  it('APPS-WEBHOOK-GUARD: a webhook whose address became private (saved while allowed) is refused at delivery, never reached', async () => {
    const made = await call(t.app, 'createWebhook', {
      token: owner,
      body: { appId: app.id, url: 'https://hooks.example.com/later', events: ['robot.offline'] },
    });
    expect(made.status).toBe(200);
    // As if saved while the operator allowed private addresses.
    await t.regional.db
      .update(webhooks)
      .set({ url: receiver.url('/was-allowed') })
      .where(eq(webhooks.id, made.body.data.webhook.id));
    const test = await call(t.app, 'testWebhook', {
      token: owner,
      params: { id: made.body.data.webhook.id },
    });
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ status: 'failed', statusCode: null, attempts: 1 });
    expect(test.body.data.error).toMatch(/127\.0\.0\.1 is a private or local address/);
    expect(receiver.received).toEqual([]);
  });
});
