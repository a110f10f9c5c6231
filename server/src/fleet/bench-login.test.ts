import type { Client } from 'aedes';
import { describe, expect, it } from 'vitest';
import {
  benchBrokerLogin,
  benchMayPublish,
  benchMayPublishAsDevice,
  benchMaySubscribe,
  benchMaySubscribeAsDevice,
  isBenchLogin,
} from './bench-login.js';

const login = { username: 'bench', password: 'a-long-bench-password' };

describe('the load-test login', () => {
  it('matches only its own username and password, and nothing when not configured', () => {
    expect(isBenchLogin(login, 'bench', Buffer.from('a-long-bench-password'))).toBe(true);
    expect(isBenchLogin(login, 'bench', Buffer.from('a-long-bench-passwor'))).toBe(false);
    expect(isBenchLogin(login, 'other', Buffer.from('a-long-bench-password'))).toBe(false);
    expect(isBenchLogin(undefined, 'bench', Buffer.from('a-long-bench-password'))).toBe(false);
  });

  it.each([
    ['uagv/v2/acme/R-1/state', true],
    ['uagv/v2/acme/R-1/visualization', true],
    ['uagv/v2/acme/R-1/connection', true],
    ['uagv/v2/acme/R-1/factsheet', true],
    ['uagv/v2/acme/R-1/order', false],
    ['uagv/v2/acme/R-1/instantActions', false],
    ['uagv/v2/acme/R-1/state/extra', false],
    ['uagv/v2/acme/state', false],
    ['uagv/v1/acme/R-1/state', false],
    ['lifts/L-1/state', false],
  ])('publishes on %s: %s', (topic, allowed) => {
    expect(benchMayPublish('uagv/v2', topic)).toBe(allowed);
  });

  it.each([
    ['uagv/v2/+/+/order', true],
    ['uagv/v2/acme/+/instantActions', true],
    ['uagv/v2/acme/R-1/order', true],
    ['uagv/v2/+/+/state', false],
    ['uagv/v2/+/+/+', false],
    ['uagv/v2/#', false],
    ['uagv/v2/acme/#/order', false],
    ['#', false],
  ])('subscribes to %s: %s', (filter, allowed) => {
    expect(benchMaySubscribe('uagv/v2', filter)).toBe(allowed);
  });

  it.each([
    ['devices/v1/MINI-1/heartbeat', true],
    ['devices/v1/MINI-1/event', true],
    ['devices/v1/MINI-1/connection', true],
    ['devices/v1/MINI-1/command', false],
    ['devices/v1/MINI-1/event/extra', false],
    ['devices/v1/+/event', false],
    ['devices/v1/MINI 1/event', false],
    ['devices/v2/MINI-1/event', false],
  ])('speaks for a mini device on %s: %s', (topic, allowed) => {
    expect(benchMayPublishAsDevice('devices/v1', topic)).toBe(allowed);
  });

  it.each([
    ['devices/v1/+/command', true],
    ['devices/v1/MINI-1/command', true],
    ['devices/v1/+/event', false],
    ['devices/v1/#', false],
    ['devices/v1/+/+', false],
  ])('listens as mini devices to %s: %s', (filter, allowed) => {
    expect(benchMaySubscribeAsDevice('devices/v1', filter)).toBe(allowed);
  });

  it('as the broker’s extra login, claims its username and answers only for the clients it accepted', () => {
    const extra = benchBrokerLogin(login, 'uagv/v2', 'devices/v1');
    const [accepted, refused, robot] = [{}, {}, {}] as Client[];
    expect(extra.claims('bench')).toBe(true);
    expect(extra.claims('acme/R-1')).toBe(false);
    expect(extra.accept(accepted as Client, 'bench', Buffer.from('a-long-bench-password'))).toBe(true);
    expect(extra.accept(refused as Client, 'bench', Buffer.from('wrong'))).toBe(false);
    expect([accepted, refused, robot].map((c) => extra.owns(c as Client))).toEqual([true, false, false]);
    expect(extra.mayPublish('uagv/v2/acme/R-1/state')).toBe(true);
    expect(extra.mayPublish('uagv/v2/acme/R-1/order')).toBe(false);
    expect(extra.maySubscribe('uagv/v2/+/+/order')).toBe(true);
    expect(extra.mayPublish('devices/v1/MINI-1/event')).toBe(true);
    expect(extra.mayPublish('devices/v1/MINI-1/command')).toBe(false);
    expect(extra.maySubscribe('devices/v1/+/command')).toBe(true);
  });

  it("lets the ingest say at once that a topic is a registered robot's telemetry, and checks the rest itself", () => {
    const known = new Set(['uagv/v2/acme/R-1/state']);
    const extra = benchBrokerLogin(login, 'uagv/v2', 'devices/v1', (topic) => known.has(topic));
    expect(extra.mayPublish('uagv/v2/acme/R-1/state')).toBe(true);
    // A robot not registered yet: the login's own rule still allows its telemetry, never its commands.
    expect(extra.mayPublish('uagv/v2/acme/R-2/visualization')).toBe(true);
    expect(extra.mayPublish('uagv/v2/acme/R-2/order')).toBe(false);
    expect(extra.mayPublish('devices/v1/MINI-1/event')).toBe(true);
    expect(extra.mayPublish('elsewhere/x')).toBe(false);
  });
});
