import type { LiftLiveView, LiveServerMessage } from '@fleet/contract';
import { decodeLiveFrame } from '@fleet/contract/live-frame';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '../fleet/fleet-helpers.js';
import { buildTestApp, call, type TestApp } from '../helper.js';
import { FIXTURE_LOCALES, type WalkContext, walkContext } from '../walk-fixture.js';
import { liftState } from './lift-state-message.js';

/*
 * Lifts pushed over /live: a gateway (a plain MQTT client on the documented topics) reports, and the browsers
 * that follow lifts hear of it without asking; another company's browser hears nothing.
 */

let t: TestApp;
let c: WalkContext;
let base: string;
let gw: MqttClient;
let topicRoot: string;

async function browser(token: string, streams: string[]) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/live`);
  const messages: LiveServerMessage[] = [];
  socket.on('message', (raw) => {
    const m = decodeLiveFrame(raw as Buffer);
    if (m) messages.push(m);
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'subscribe', token, streams }));
  return { socket, messages };
}

/** The lift as the browser holds it now, from its snapshot and every change since. */
function heldBy(messages: LiveServerMessage[], liftId: string): LiftLiveView | undefined {
  let held: LiftLiveView | undefined;
  for (const m of messages) {
    if (m.type === 'liftSnapshot') held = m.lifts.find((l) => l.id === liftId);
    if (m.type !== 'liftChanges') continue;
    held = m.lifts.find((l) => l.id === liftId) ?? held;
    const fresh = m.fresh.find(([id]) => id === liftId);
    if (held && fresh) held = { ...held, reportedAt: new Date(fresh[1]).toISOString() };
    if (m.removed.includes(liftId)) held = undefined;
  }
  return held;
}

beforeAll(async () => {
  t = await buildTestApp({ localesDir: FIXTURE_LOCALES });
  c = await walkContext(t);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const renewed = await call(t.app, 'renewLiftGatewayPassword', {
    token: c.token.owner,
    params: { id: c.gateway },
  });
  topicRoot = renewed.body.data.topicRoot;
  gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.app.fleet.broker?.port}`, {
    username: renewed.body.data.username,
    password: renewed.body.data.password,
    reconnectPeriod: 0,
  });
  await gw.publishAsync(
    `${topicRoot}/connection`,
    JSON.stringify({ connectionState: 'ONLINE', timestamp: new Date().toISOString() }),
    { qos: 1 },
  );
  await gw.publishAsync(`${topicRoot}/A/state`, liftState(), { qos: 1 });
  await eventually('the first state', () => t.app.lifts.store.get(c.lift)?.report?.currentFloor === '0');
});
afterAll(async () => {
  gw?.end(true);
  await t.close();
});

describe('lifts over /live (LIFTS-LIVE-PUSH)', () => {
  it('a browser following lifts gets their snapshot, then each change pushed, with who holds the car', async () => {
    const b = await browser(c.token.staff, ['lifts']);
    await eventually('the snapshot', () => b.messages.find((m) => m.type === 'liftSnapshot'));
    expect(b.messages.some((m) => m.type === 'snapshot')).toBe(false);
    expect(heldBy(b.messages, c.lift)?.report?.currentFloor).toBe('0');

    await gw.publishAsync(`${topicRoot}/A/state`, liftState({ currentFloor: 'S', doorState: 'open' }), {
      qos: 1,
    });
    await eventually('the change', () => heldBy(b.messages, c.lift)?.report?.doorState === 'open');
    expect(heldBy(b.messages, c.lift)?.report?.currentFloor).toBe('S');

    // An operator takes the car: who holds it reaches the browser without a new state from the lift.
    const res = await call(t.app, 'liftCommand', {
      token: c.token.owner,
      params: { id: c.lift },
      body: { type: 'robotMode', on: true, reason: 'cleaning the car' },
    });
    expect(res.status, res.body.info).toBe(200);
    await eventually('the holder', () => heldBy(b.messages, c.lift)?.holder?.purpose === 'operator');
    const ended = await call(t.app, 'liftCommand', {
      token: c.token.owner,
      params: { id: c.lift },
      body: { type: 'endSession', reason: 'done' },
    });
    expect(ended.status, ended.body.info).toBe(200);
    await eventually('the car free again', () => heldBy(b.messages, c.lift)?.holder === null);
    b.socket.close();
  });

  it('a state repeated unchanged only refreshes the lift’s age', async () => {
    const b = await browser(c.token.owner, ['lifts']);
    await eventually('the snapshot', () => b.messages.find((m) => m.type === 'liftSnapshot'));
    const before = heldBy(b.messages, c.lift);
    const current = t.app.lifts.store.get(c.lift)?.report;
    await new Promise((r) => setTimeout(r, 20));
    await gw.publishAsync(`${topicRoot}/A/state`, liftState({ ...current }), { qos: 1 });
    await eventually('the fresher age', () =>
      b.messages.some((m) => m.type === 'liftChanges' && m.fresh.some(([id]) => id === c.lift)),
    );
    expect(Date.parse(heldBy(b.messages, c.lift)?.reportedAt ?? '')).toBeGreaterThan(
      Date.parse(before?.reportedAt ?? ''),
    );
    expect(b.messages.some((m) => m.type === 'liftChanges' && m.lifts.some((l) => l.id === c.lift))).toBe(
      false,
    );
    b.socket.close();
  });

  it('another company’s browser hears nothing of Acme’s lifts', async () => {
    const other = await browser(c.token.solo, ['robots', 'lifts']);
    await eventually('its snapshots', () =>
      other.messages.find((m) => m.type === 'liftSnapshot' || m.type === 'error'),
    );
    await gw.publishAsync(`${topicRoot}/A/state`, liftState({ currentFloor: '0' }), { qos: 1 });
    await eventually('the change in Acme', () => t.app.lifts.store.get(c.lift)?.report?.currentFloor === '0');
    await new Promise((r) => setTimeout(r, 300));
    const text = JSON.stringify(other.messages);
    expect(text).not.toContain(c.lift);
    expect(text).not.toContain(c.gateway);
    other.socket.close();
  });
});
