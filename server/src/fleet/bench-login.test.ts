import { describe, expect, it } from 'vitest';
import { benchMayPublish, benchMaySubscribe, isBenchLogin } from './bench-login.js';

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
});
