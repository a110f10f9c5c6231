import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { FIXTURE_LOCALES, type WalkContext, walkContext } from '../walk-fixture.js';
import { liftState } from './lift-state-message.js';

/*
 * A lift gateway that is not our simulator: a plain MQTT client speaking only the topics of docs/protocols.md
 * ("The lift link"), with the credentials the console showed at registration.
 */

let t: TestApp;
let c: WalkContext;
let url: string;
let credentials: { username: string; password: string; topicRoot: string };

/** What /metrics says of lift messages refused for a reason. */
async function dropped(reason: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  const line = res.body
    .split('\n')
    .find((l) => l.startsWith(`lift_messages_dropped_total{reason="${reason}"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

beforeAll(async () => {
  t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
  c = await walkContext(t);
  url = `mqtt://127.0.0.1:${t.app.fleet.broker?.port}`;
  const renewed = await call(t.app, 'renewLiftGatewayPassword', {
    token: c.token.owner,
    params: { id: c.gateway },
  });
  credentials = renewed.body.data;
});
afterAll(() => t.close());

describe('the lift link (LIFTS-LINK)', () => {
  it('a registered gateway logs in as its topic root and its lift’s states reach the console', async () => {
    expect(credentials.username).toBe(`lifts/v1/${c.gateway}`);
    const gw = await mqtt.connectAsync(url, {
      username: credentials.username,
      password: credentials.password,
      reconnectPeriod: 0,
      will: {
        topic: `${credentials.topicRoot}/connection`,
        payload: Buffer.from(
          JSON.stringify({ connectionState: 'CONNECTIONBROKEN', timestamp: new Date().toISOString() }),
        ),
        qos: 1,
        retain: true,
      },
    });
    await gw.publishAsync(
      `${credentials.topicRoot}/connection`,
      JSON.stringify({ connectionState: 'ONLINE', timestamp: new Date().toISOString() }),
      { qos: 1, retain: true },
    );
    await gw.publishAsync(
      `${credentials.topicRoot}/A/state`,
      liftState({ currentFloor: 'S', motion: 'stopped' }),
    );
    const live = await eventually('the lift state', () => {
      const l = t.app.lifts.store.get(c.lift);
      return l?.report?.currentFloor === 'S' ? l : undefined;
    });
    // Enabled for robots only after a test call: the lift reports but takes no robot yet.
    expect(live).toMatchObject({ gatewayOnline: true, stale: false, blocked: 'notEnabled' });
    const gateways = await call(t.app, 'listLiftGateways', { token: c.token.owner });
    expect(gateways.body.data.find((g) => g.id === c.gateway)?.online).toBe(true);
    gw.end(true);
    await eventually('the last will', () => t.app.lifts.store.get(c.lift)?.gatewayOnline === false);
    expect(t.app.lifts.store.get(c.lift)?.blocked).toBe('gatewayOffline');
  });

  it('refuses and counts a wrong password, another gateway’s topics and messages it cannot read', async () => {
    await expect(
      mqtt.connectAsync(url, { username: credentials.username, password: 'wrong', reconnectPeriod: 0 }),
    ).rejects.toThrow();
    const gw = await mqtt.connectAsync(url, {
      username: credentials.username,
      password: credentials.password,
      reconnectPeriod: 0,
    });
    const before = { unknown: await dropped('unknown_lift'), invalid: await dropped('invalid') };
    await gw.publishAsync(`${credentials.topicRoot}/Z/state`, liftState({ liftName: 'Z' }), { qos: 1 });
    await gw.publishAsync(`${credentials.topicRoot}/A/state`, liftState({ currentFloor: 7 }), { qos: 1 });
    await eventually(
      'both counted',
      async () =>
        (await dropped('unknown_lift')) > before.unknown && (await dropped('invalid')) > before.invalid,
    );
    // Another gateway's root: refused by the broker, which closes the connection.
    const closed = new Promise<void>((resolve) => gw.once('close', () => resolve()));
    gw.publish('lifts/v1/00000000-0000-4000-8000-000000000000/A/state', liftState(), { qos: 1 });
    await closed;
    expect(t.app.lifts.store.get(c.lift)?.report?.currentFloor).toBe('S');
  });

  it('a robot’s login cannot speak for a lift', async () => {
    const robot = await call(t.app, 'renewRobotCredentials', {
      token: c.token.owner,
      params: { id: c.robot },
    });
    const client = await mqtt.connectAsync(url, {
      username: robot.body.data.username,
      password: robot.body.data.password,
      reconnectPeriod: 0,
    });
    const granted = await client
      .subscribeAsync(`${credentials.topicRoot}/+/request`)
      .catch(() => [{ qos: 128 }]);
    expect(granted[0]?.qos).toBe(128);
    await client.endAsync(true);
  });

  it('renewing the password closes the gateway’s connection; removing a gateway in use is refused', async () => {
    const gw = await mqtt.connectAsync(url, {
      username: credentials.username,
      password: credentials.password,
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((resolve) => gw.once('close', () => resolve()));
    const renewed = await call(t.app, 'renewLiftGatewayPassword', {
      token: c.token.owner,
      params: { id: c.gateway },
    });
    await closed;
    credentials = renewed.body.data;
    const removed = await call(t.app, 'removeLiftGateway', {
      token: c.token.owner,
      params: { id: c.gateway },
    });
    expect(removed.status).toBe(409);
    expect(removed.body.info).toMatch(/reports the lifts of Core/);
    expect(removed.body).toMatchObject({ refusal: { rule: 'gatewayInUse', params: { banks: 'Core' } } });
  });
});
