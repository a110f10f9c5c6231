import { describe, expect, it } from 'vitest';
import { type OrderFacts, TaskLedger } from './task-ledger.js';

const at = (x: number, y: number) => ({ x, y, mapId: 'f1' });
const facts = (over: Partial<OrderFacts>): OrderFacts => ({
  orderId: null,
  openNodes: 0,
  driving: false,
  position: at(0, 0),
  actionStates: [],
  errors: [],
  ...over,
});

describe('TaskLedger', () => {
  it('records a completed order with its duration and distance', () => {
    const ledger = new TaskLedger();
    expect(ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true }), 1000)).toBeNull();
    expect(
      ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true, position: at(3, 4) }), 2000),
    ).toBeNull();
    const done = ledger.observe('r', facts({ orderId: 'o1', position: at(3, 8) }), 3000);
    expect(done).toEqual({
      orderId: 'o1',
      startedAt: 1000,
      endedAt: 3000,
      result: 'completed',
      distanceM: 9,
    });
  });

  it('an order cancelled from the console ends as cancelled', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true }), 0);
    expect(
      ledger.observe(
        'r',
        facts({
          orderId: 'o1',
          actionStates: [{ actionType: 'cancelOrder', actionStatus: 'FINISHED' }],
        }),
        5,
      )?.result,
    ).toBe('cancelled');
  });

  it('a fatal error ends it as failed', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true }), 0);
    expect(ledger.observe('r', facts({ orderId: 'o1', errors: [{ errorLevel: 'FATAL' }] }), 5)?.result).toBe(
      'failed',
    );
  });

  it('a new order before the end interrupts the old one and starts the new', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true }), 0);
    const old = ledger.observe('r', facts({ orderId: 'o2', openNodes: 3, driving: true }), 5);
    expect(old).toMatchObject({ orderId: 'o1', result: 'interrupted' });
    expect(ledger.observe('r', facts({ orderId: 'o2' }), 9)).toMatchObject({
      orderId: 'o2',
      result: 'completed',
    });
  });

  it('an idle robot that still names its last order starts nothing', () => {
    const ledger = new TaskLedger();
    expect(ledger.observe('r', facts({ orderId: 'old' }), 0)).toBeNull();
    expect(ledger.observe('r', facts({ orderId: 'old' }), 1)).toBeNull();
  });

  it('distance is not added across floors', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true, position: at(0, 0) }), 0);
    ledger.observe(
      'r',
      facts({ orderId: 'o1', openNodes: 1, driving: true, position: { x: 50, y: 0, mapId: 'f2' } }),
      1,
    );
    expect(
      ledger.observe('r', facts({ orderId: 'o1', position: { x: 51, y: 0, mapId: 'f2' } }), 2)?.distanceM,
    ).toBe(1);
  });
});
