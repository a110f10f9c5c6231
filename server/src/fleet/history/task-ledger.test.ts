import { describe, expect, it } from 'vitest';
import { type OrderFacts, TaskLedger } from './task-ledger.js';

/** On floor `mapId`, its odometer (the live store's) reading `travelledM`. */
const on = (mapId: string, travelledM: number) => ({ position: { mapId }, travelledM });
const facts = (over: Partial<OrderFacts>): OrderFacts => ({
  orderId: null,
  openNodes: 0,
  driving: false,
  position: { mapId: 'f1' },
  travelledM: 0,
  actionStates: [],
  errors: [],
  ...over,
});

describe('ANALYSIS-FACTS: TaskLedger', () => {
  it('records a completed order with its duration and distance', () => {
    const ledger = new TaskLedger();
    expect(ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true }), 1000)).toBeNull();
    expect(
      ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true, ...on('f1', 5) }), 2000),
    ).toBeNull();
    const done = ledger.observe('r', facts({ orderId: 'o1', ...on('f1', 9) }), 3000);
    expect(done).toEqual({
      orderId: 'o1',
      type: 'cruise',
      startedAt: 1000,
      endedAt: 3000,
      result: 'completed',
      distanceM: 9,
      mapIds: ['f1'],
      liftRides: 0,
      liftWaitS: 0,
      interventions: 0,
      errorCodes: [],
      plannedAreaM2: null,
      cleanedAreaM2: null,
    });
  });

  it("a task's distance is the robot's odometer at its end less at its start, whatever moves the ledger did not see", () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true, ...on('f1', 100) }), 1000);
    // The robot only moved in between: the ledger is not told, the odometer goes on.
    const done = ledger.observe('r', facts({ orderId: 'o1', ...on('f1', 110) }), 3000);
    expect(done?.distanceM).toBe(10);
  });

  it('an order with a clean action is a cleaning task, with the areas its latest state reported', () => {
    const ledger = new TaskLedger();
    ledger.noteOrigin('c1', 'deliver');
    const clean = (resultDescription?: string, actionStatus = 'RUNNING') => ({
      actionType: 'clean',
      actionStatus,
      ...(resultDescription ? { resultDescription } : {}),
    });
    ledger.observe('r', facts({ orderId: 'c1', openNodes: 3, driving: true, actionStates: [clean()] }), 0);
    ledger.observe(
      'r',
      facts({ orderId: 'c1', openNodes: 2, actionStates: [clean('cleanedAreaM2=40 plannedAreaM2=150')] }),
      60_000,
    );
    const done = ledger.observe(
      'r',
      facts({ orderId: 'c1', actionStates: [clean('cleanedAreaM2=138.5', 'FINISHED')] }),
      120_000,
    );
    expect(done).toMatchObject({
      type: 'clean',
      result: 'completed',
      cleanedAreaM2: 138.5,
      plannedAreaM2: 150,
    });
    // An order without one reports no areas.
    ledger.observe('r', facts({ orderId: 'o2', openNodes: 1, driving: true }), 130_000);
    expect(ledger.observe('r', facts({ orderId: 'o2' }), 140_000)).toMatchObject({
      type: 'cruise',
      cleanedAreaM2: null,
      plannedAreaM2: null,
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

  it('a new order before the end leaves the old one partial and starts the new', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true }), 0);
    const old = ledger.observe('r', facts({ orderId: 'o2', openNodes: 3, driving: true }), 5);
    expect(old).toMatchObject({ orderId: 'o1', result: 'partial' });
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

  it('a robot registered again (a new odometer) never makes a distance below nothing', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true, ...on('f1', 50) }), 0);
    expect(ledger.observe('r', facts({ orderId: 'o1', ...on('f1', 3) }), 1)?.distanceM).toBe(0);
  });

  it("the floors a task went on are the task's, each once", () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true, ...on('f1', 0) }), 0);
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 2, driving: true, ...on('f2', 4) }), 1);
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true, ...on('f1', 6) }), 2);
    expect(ledger.observe('r', facts({ orderId: 'o1', ...on('f1', 7) }), 3)).toMatchObject({
      distanceM: 7,
      mapIds: ['f1', 'f2'],
    });
  });

  it('the console notes where an order came from; what nobody noted is the robot roaming', () => {
    const ledger = new TaskLedger();
    ledger.noteOrigin('goto-1', 'deliver');
    ledger.observe('r', facts({ orderId: 'goto-1', openNodes: 1, driving: true }), 0);
    expect(ledger.observe('r', facts({ orderId: 'goto-1' }), 1)?.type).toBe('deliver');
    ledger.observe('r', facts({ orderId: 'wander-3', openNodes: 1, driving: true }), 2);
    expect(ledger.observe('r', facts({ orderId: 'wander-3' }), 3)?.type).toBe('cruise');
  });

  it("a lift ride's three legs are one task that ends with the ride, with its wait and interventions", () => {
    const ledger = new TaskLedger();
    const ride = 'ride-0f8fad5b-d9cb-469f-a165-70867728950e';
    ledger.noteOrigin(ride, 'call');
    ledger.observe('r', facts({ orderId: `${ride}-approach`, openNodes: 2, driving: true }), 0);
    expect(ledger.observe('r', facts({ orderId: `${ride}-approach`, ...on('f1', 5) }), 10)).toBeNull();
    ledger.noteIntervention('r');
    ledger.observe('r', facts({ orderId: `${ride}-board`, openNodes: 1, driving: true, ...on('f1', 5) }), 40);
    expect(ledger.observe('r', facts({ orderId: `${ride}-board`, ...on('f1', 6) }), 50)).toBeNull();
    ledger.observe('r', facts({ orderId: `${ride}-exit`, openNodes: 2, driving: true, ...on('f2', 6) }), 90);
    expect(ledger.observe('r', facts({ orderId: `${ride}-exit`, ...on('f2', 8) }), 99)).toBeNull();
    // The ride ends with the robot's odometer as it is now.
    const task = ledger.endJourney('r', ride, true, 25, 100, 8.5);
    expect(task).toMatchObject({
      orderId: ride,
      type: 'call',
      startedAt: 0,
      endedAt: 100,
      result: 'completed',
      distanceM: 8.5,
      mapIds: ['f1', 'f2'],
      liftRides: 1,
      liftWaitS: 25,
      interventions: 1,
    });
  });

  it('a ride whose robot is gone ends with its odometer as the ledger last saw it', () => {
    const ledger = new TaskLedger();
    const ride = 'ride-0f8fad5b-d9cb-469f-a165-70867728950e';
    ledger.observe(
      'r',
      facts({ orderId: `${ride}-approach`, openNodes: 2, driving: true, ...on('f1', 1) }),
      0,
    );
    ledger.observe(
      'r',
      facts({ orderId: `${ride}-approach`, openNodes: 1, driving: true, ...on('f1', 4) }),
      5,
    );
    expect(ledger.endJourney('r', ride, false, 0, 9)).toMatchObject({ result: 'failed', distanceM: 3 });
  });

  it('errors the robot already had when its task began count too', () => {
    const ledger = new TaskLedger();
    const errors = [{ errorLevel: 'WARNING', errorType: 'low-light' }];
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true, errors }), 0);
    expect(ledger.observe('r', facts({ orderId: 'o1', errors }), 2)?.errorCodes).toEqual(['low-light']);
  });

  it('errors met on the way are kept by code', () => {
    const ledger = new TaskLedger();
    ledger.observe('r', facts({ orderId: 'o1', openNodes: 1, driving: true }), 0);
    ledger.observe(
      'r',
      facts({ orderId: 'o1', openNodes: 1, errors: [{ errorLevel: 'WARNING', errorType: 'bumper' }] }),
      1,
    );
    expect(ledger.observe('r', facts({ orderId: 'o1' }), 2)?.errorCodes).toEqual(['bumper']);
  });
});
