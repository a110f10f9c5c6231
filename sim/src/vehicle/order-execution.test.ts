import { describe, expect, it } from 'vitest';
import { orderSchema } from '../messages.js';
import { newVehicle, orderThrough, run, testParams } from '../test-support/drive.js';
import { receiveInstantActions } from './instant-actions.js';
import { acceptOrder, reportValidationError } from './order-execution.js';

interface DriveCase {
  name: string;
  points: Array<[number, number, number?]>;
  seconds: number;
  end: [number, number];
  last: string;
  seq: number;
  theta?: number;
}

describe('order execution', () => {
  it.each<DriveCase>([
    {
      name: 'straight line',
      points: [
        [0, 0],
        [10, 0],
      ],
      seconds: 11,
      end: [10, 0],
      last: 'n1',
      seq: 2,
    },
    {
      name: 'three nodes with a corner',
      points: [
        [0, 0],
        [4, 0],
        [4, 3],
      ],
      seconds: 9,
      end: [4, 3],
      last: 'n2',
      seq: 4,
    },
    {
      name: 'turns to the final heading',
      points: [
        [0, 0],
        [2, 0, Math.PI / 2],
      ],
      seconds: 4,
      end: [2, 0],
      last: 'n1',
      seq: 2,
      theta: Math.PI / 2,
    },
    {
      name: 'first node far away is driven to first',
      points: [
        [3, 4],
        [3, 0],
      ],
      seconds: 12,
      end: [3, 0],
      last: 'n1',
      seq: 2,
    },
  ])('$name: drives to the last node and stops', ({ points, seconds, end, last, seq, theta }) => {
    const v = newVehicle();
    acceptOrder(v, orderThrough('o1', points));
    run(v, seconds);
    expect(v.pose.x).toBeCloseTo(end[0], 2);
    expect(v.pose.y).toBeCloseTo(end[1], 2);
    if (theta !== undefined) expect(v.pose.theta).toBeCloseTo(theta, 2);
    expect(v.lastNodeId).toBe(last);
    expect(v.lastNodeSequenceId).toBe(seq);
    expect(v.nodeStates).toEqual([]);
    expect(v.edgeStates).toEqual([]);
    expect(v.driving).toBe(false);
    expect(v.velocity).toEqual({ vx: 0, vy: 0, omega: 0 });
    expect(v.orderId).toBe('o1');
  });

  it.each([
    { after: 0.05, nodes: ['n1', 'n2'], edges: ['e0', 'e1'] },
    { after: 4.9, nodes: ['n1', 'n2'], edges: ['e0', 'e1'] },
    { after: 6, nodes: ['n2'], edges: ['e1'] },
    { after: 11, nodes: [], edges: [] },
  ])('keeps only what is left of the order after $after s', ({ after, nodes, edges }) => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [5, 0],
        [10, 0],
      ]),
    );
    run(v, after, testParams, 0.05);
    expect(v.nodeStates.map((n) => n.nodeId)).toEqual(nodes);
    expect(v.edgeStates.map((e) => e.edgeId)).toEqual(edges);
  });

  it('reports standing still in the very step it reaches the last node', () => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [1.05, 0],
      ]),
    );
    run(v, 1.0);
    expect(v.driving).toBe(true);
    run(v, 0.1);
    expect(v.nodeStates).toEqual([]);
    expect(v.driving).toBe(false);
  });

  it('drives at the configured speed', () => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [100, 0],
      ]),
    );
    run(v, 4, { ...testParams, speed: 2 });
    expect(v.pose.x).toBeCloseTo(8, 1);
    expect(v.driving).toBe(true);
    expect(v.velocity.vx).toBe(2);
  });

  it('turns on the spot before driving', () => {
    const v = newVehicle(0, 0, 0);
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [0, 10],
      ]),
    );
    run(v, 0.5);
    expect(v.pose.y).toBeCloseTo(0, 3);
    expect(v.pose.theta).toBeCloseTo(0.75, 2);
    expect(v.velocity.omega).toBeCloseTo(1.5);
  });

  it('does not drive to nodes that are not released (the horizon)', () => {
    const v = newVehicle();
    const order = orderThrough('o1', [
      [0, 0],
      [2, 0],
      [4, 0],
    ]);
    const horizon = order.nodes[2];
    if (horizon) horizon.released = false;
    acceptOrder(v, order);
    run(v, 10);
    expect(v.pose.x).toBeCloseTo(2, 3);
    expect(v.lastNodeId).toBe('n1');
    expect(v.nodeStates.map((n) => n.nodeId)).toEqual(['n2']);
    expect(v.driving).toBe(false);
  });

  it('reaches a node on another map at once (no lifts are simulated)', () => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderSchema.parse({
        orderId: 'lift',
        orderUpdateId: 0,
        nodes: [
          { nodeId: 'up', sequenceId: 0, released: true, nodePosition: { x: 1, y: 2, mapId: 'floor-2' } },
        ],
        edges: [],
      }),
    );
    run(v, 0.1);
    expect(v.pose).toMatchObject({ x: 1, y: 2, mapId: 'floor-2' });
    expect(v.lastNodeId).toBe('up');
  });

  it('a new order replaces the running one; a repeat of the same update is ignored', () => {
    const v = newVehicle();
    expect(
      acceptOrder(
        v,
        orderThrough('o1', [
          [0, 0],
          [10, 0],
        ]),
      ),
    ).toBe(true);
    run(v, 2);
    expect(
      acceptOrder(
        v,
        orderThrough('o1', [
          [0, 0],
          [10, 0],
        ]),
      ),
    ).toBe(false);
    expect(
      acceptOrder(
        v,
        orderThrough('o2', [
          [2, 0],
          [2, 3],
        ]),
      ),
    ).toBe(true);
    run(v, 6);
    expect(v.orderId).toBe('o2');
    expect(v.pose.y).toBeCloseTo(3, 2);
  });

  it('finishes node actions when their node is reached', () => {
    const v = newVehicle();
    const order = orderThrough('o1', [
      [0, 0],
      [1, 0],
    ]);
    order.nodes[1]?.actions.push({ actionId: 'beep-1', actionType: 'beep', blockingType: 'NONE' });
    acceptOrder(v, order);
    expect(v.actionStates).toEqual([{ actionId: 'beep-1', actionType: 'beep', actionStatus: 'WAITING' }]);
    run(v, 2);
    expect(v.actionStates[0]?.actionStatus).toBe('FINISHED');
  });

  it.each(['order', 'instantActions'] as const)(
    'reports a malformed %s message as a validationError that clears by itself',
    (topic) => {
      const v = newVehicle();
      reportValidationError(v, topic, 'nodes: expected array');
      expect(v.errors).toEqual([
        {
          errorType: 'validationError',
          errorLevel: 'WARNING',
          errorDescription: 'nodes: expected array',
          errorReferences: [{ referenceKey: 'topic', referenceValue: topic }],
        },
      ]);
      run(v, 6);
      expect(v.errors).toEqual([]);
    },
  );
});

describe('pause and cancel', () => {
  const pause = { actionId: 'p', actionType: 'startPause', blockingType: 'HARD' } as const;
  const resume = { actionId: 'r', actionType: 'stopPause', blockingType: 'HARD' } as const;
  const cancel = { actionId: 'c', actionType: 'cancelOrder', blockingType: 'HARD' } as const;

  it('pause stops motion and resume continues to the end', () => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [10, 0],
      ]),
    );
    run(v, 3);
    receiveInstantActions(v, [pause]);
    run(v, 0.2);
    const x = v.pose.x;
    expect(v.paused).toBe(true);
    run(v, 5);
    expect(v.pose.x).toBe(x);
    expect(v.driving).toBe(false);
    expect(v.velocity.vx).toBe(0);
    receiveInstantActions(v, [resume]);
    run(v, 10);
    expect(v.paused).toBe(false);
    expect(v.pose.x).toBeCloseTo(10, 2);
    expect(v.lastNodeId).toBe('n1');
  });

  it('cancel stops and clears the order, keeping its id', () => {
    const v = newVehicle();
    acceptOrder(
      v,
      orderThrough('o1', [
        [0, 0],
        [10, 0],
      ]),
    );
    run(v, 3);
    receiveInstantActions(v, [cancel]);
    run(v, 0.2);
    const x = v.pose.x;
    run(v, 3);
    expect(v.pose.x).toBe(x);
    expect(v.nodeStates).toEqual([]);
    expect(v.edgeStates).toEqual([]);
    expect(v.orderId).toBe('o1');
    expect(v.driving).toBe(false);
    expect(v.actionStates.find((s) => s.actionId === 'c')?.actionStatus).toBe('FINISHED');
  });
});
