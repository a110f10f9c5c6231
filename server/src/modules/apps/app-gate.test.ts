import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { AppGate } from './app-gate.js';

/*
 * APPS-LIMITS, the parts that need no database: allowed IP ranges, and the token bucket of the rate limit on a
 * clock of the test's own. (Usage counts are written to the database: test/apps/open-api-limits.test.ts.)
 */

let clock = 1_700_000_000_000;
const gates: AppGate[] = [];
const gate = () => {
  // The database is only reached by a flush, which has nothing to write here.
  const g = new AppGate({} as Db, pino({ level: 'silent' }), () => clock);
  gates.push(g);
  return g;
};
afterEach(async () => {
  for (const g of gates.splice(0)) await g.close();
  clock = 1_700_000_000_000;
});

describe('allows', () => {
  it('APPS-LIMITS: no ranges allow every address', () => {
    const g = gate();
    for (const ip of ['127.0.0.1', '8.8.8.8', '2001:db8::1']) expect(g.allows([], ip)).toBe(true);
  });

  it('APPS-LIMITS: a CIDR range allows its addresses only, IPv4-mapped clients included', () => {
    const g = gate();
    const ranges = ['10.0.0.0/8'];
    expect(g.allows(ranges, '10.1.2.3')).toBe(true);
    expect(g.allows(ranges, '10.255.255.255')).toBe(true);
    expect(g.allows(ranges, '::ffff:10.1.2.3')).toBe(true);
    expect(g.allows(ranges, '11.0.0.1')).toBe(false);
    expect(g.allows(ranges, '127.0.0.1')).toBe(false);
    expect(g.allows(ranges, '::ffff:127.0.0.1')).toBe(false);
    expect(g.allows(ranges, '2001:db8::1')).toBe(false);
  });

  it('APPS-LIMITS: single addresses and IPv6 ranges; anything that is not an address is refused', () => {
    const g = gate();
    const ranges = ['203.0.113.7', '2001:db8::/32'];
    expect(g.allows(ranges, '203.0.113.7')).toBe(true);
    expect(g.allows(ranges, '203.0.113.8')).toBe(false);
    expect(g.allows(ranges, '2001:db8:ffff::1')).toBe(true);
    expect(g.allows(ranges, '2001:db9::1')).toBe(false);
    expect(g.allows(ranges, 'garbage')).toBe(false);
    expect(g.allows(ranges, '')).toBe(false);
  });
});

describe('take', () => {
  it('APPS-LIMITS: a limit of 3 a minute lets 3 calls through, then answers the seconds to wait', () => {
    const g = gate();
    expect([g.take('a', 3), g.take('a', 3), g.take('a', 3)]).toEqual([null, null, null]);
    // One call comes back every 20 s.
    expect(g.take('a', 3)).toBe(20);
    clock += 5_000;
    expect(g.take('a', 3)).toBe(15);
    clock += 15_000;
    expect(g.take('a', 3)).toBeNull();
    expect(g.take('a', 3)).toBe(20);
  });

  it('APPS-LIMITS: the bucket holds a minute’s calls at most, whatever the time idle', () => {
    const g = gate();
    expect(g.take('a', 2)).toBeNull();
    clock += 3_600_000;
    expect([g.take('a', 2), g.take('a', 2)]).toEqual([null, null]);
    expect(g.take('a', 2)).toBe(30);
  });

  it('APPS-LIMITS: each application has its own bucket; a new limit starts a full one', () => {
    const g = gate();
    expect(g.take('a', 1)).toBeNull();
    expect(g.take('a', 1)).toBe(60);
    expect(g.take('b', 1)).toBeNull();
    expect(g.take('a', 2)).toBeNull();
    // The wait is never under a second.
    expect(g.take('c', 6000)).toBeNull();
    for (let i = 0; i < 5999; i++) g.take('c', 6000);
    expect(g.take('c', 6000)).toBe(1);
  });
});
