import { BATTERY_LOW_PERCENT } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { MomentLedger } from './fleet-events.js';

/*
 * The moments a webhook is told of a robot (APPS-WEBHOOKS): it went offline or came online, its battery ran low.
 * What a robot is when first seen is where it is, not news.
 */

describe('connection', () => {
  it('APPS-WEBHOOKS: the first connection heard is no event; each change after it is', () => {
    const m = new MomentLedger();
    expect(m.connection('r', 'ONLINE')).toBeNull();
    expect(m.connection('r', 'ONLINE')).toBeNull();
    expect(m.connection('r', 'OFFLINE')).toBe('robot.offline');
    expect(m.connection('r', 'OFFLINE')).toBeNull();
    expect(m.connection('r', 'ONLINE')).toBe('robot.online');
  });

  it('APPS-WEBHOOKS: a broken connection is offline; an unknown one changes nothing', () => {
    const m = new MomentLedger();
    expect(m.connection('r', 'OFFLINE')).toBeNull();
    expect(m.connection('r', null)).toBeNull();
    expect(m.connection('r', 'ONLINE')).toBe('robot.online');
    expect(m.connection('r', 'CONNECTIONBROKEN')).toBe('robot.offline');
    expect(m.connection('r', 'OFFLINE')).toBeNull();
  });

  it('APPS-WEBHOOKS: robots are followed apart, and a robot forgotten starts afresh', () => {
    const m = new MomentLedger();
    m.connection('a', 'ONLINE');
    expect(m.connection('b', 'OFFLINE')).toBeNull();
    expect(m.connection('a', 'OFFLINE')).toBe('robot.offline');
    m.forget('a');
    expect(m.connection('a', 'ONLINE')).toBeNull();
  });
});

describe('battery', () => {
  it('APPS-WEBHOOKS: falling from 50 to 15 tells once, however long it stays low', () => {
    const m = new MomentLedger();
    expect(BATTERY_LOW_PERCENT).toBe(20);
    expect(m.battery('r', 50, false)).toBe(false);
    expect(m.battery('r', 30, false)).toBe(false);
    expect(m.battery('r', 15, false)).toBe(true);
    expect(m.battery('r', 14, false)).toBe(false);
    expect(m.battery('r', 10, false)).toBe(false);
  });

  it('APPS-WEBHOOKS: hovering around the threshold tells once; charging above 25 % opens the latch again', () => {
    const m = new MomentLedger();
    m.battery('r', 50, false);
    expect(m.battery('r', 20, false)).toBe(true);
    expect(m.battery('r', 22, false)).toBe(false);
    expect(m.battery('r', 19, false)).toBe(false);
    expect(m.battery('r', 25, true)).toBe(false);
    expect(m.battery('r', 19, false)).toBe(false);
    expect(m.battery('r', 26, true)).toBe(false);
    expect(m.battery('r', 18, false)).toBe(true);
  });

  it('APPS-WEBHOOKS: first seen low is no event; low while charging is none either, until it stops charging', () => {
    const m = new MomentLedger();
    expect(m.battery('r', 10, false)).toBe(false);
    expect(m.battery('r', 9, false)).toBe(false);
    const c = new MomentLedger();
    expect(c.battery('r', 60, false)).toBe(false);
    expect(c.battery('r', 15, true)).toBe(false);
    expect(c.battery('r', 15, false)).toBe(true);
  });

  it('APPS-WEBHOOKS: no battery reported is no event, and a robot forgotten starts afresh', () => {
    const m = new MomentLedger();
    expect(m.battery('r', null, false)).toBe(false);
    m.battery('r', 50, false);
    m.forget('r');
    expect(m.battery('r', 15, false)).toBe(false);
  });
});
