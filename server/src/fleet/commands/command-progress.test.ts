import { describe, expect, it } from 'vitest';
import { commandProgress, type RobotProgress } from './command-progress.js';

const robot = (over: Partial<RobotProgress> = {}): RobotProgress => ({
  actionStates: [],
  orderId: null,
  openNodes: 0,
  driving: false,
  ...over,
});

describe('commandProgress', () => {
  const pause = { type: 'pause' as const, reference: 'a1' };
  const goTo = { type: 'goTo' as const, reference: 'o1' };

  it.each<[string, { type: 'pause' | 'goTo'; reference: string }, RobotProgress, string | null]>([
    ['an action the robot has not mentioned', pause, robot(), null],
    [
      'a waiting action',
      pause,
      robot({ actionStates: [{ actionId: 'a1', actionStatus: 'WAITING' }] }),
      'running',
    ],
    [
      'a running action',
      pause,
      robot({ actionStates: [{ actionId: 'a1', actionStatus: 'RUNNING' }] }),
      'running',
    ],
    [
      'a finished action',
      pause,
      robot({ actionStates: [{ actionId: 'a1', actionStatus: 'FINISHED' }] }),
      'finished',
    ],
    [
      'a failed action',
      pause,
      robot({ actionStates: [{ actionId: 'a1', actionStatus: 'FAILED' }] }),
      'failed',
    ],
    [
      'another action finishing',
      pause,
      robot({ actionStates: [{ actionId: 'zz', actionStatus: 'FINISHED' }] }),
      null,
    ],
    ['an order not yet taken', goTo, robot({ orderId: 'older' }), null],
    ['an order being driven', goTo, robot({ orderId: 'o1', openNodes: 1, driving: true }), 'running'],
    ['an order whose last node is reached', goTo, robot({ orderId: 'o1' }), 'finished'],
  ])('%s', (_what, command, state, expected) => {
    expect(commandProgress(command, state)?.status ?? null).toBe(expected);
  });

  it('carries the robot’s reason for a failure', () => {
    const failed = robot({
      actionStates: [{ actionId: 'a1', actionStatus: 'FAILED', resultDescription: 'noOrderToCancel' }],
    });
    expect(commandProgress(pause, failed)?.detail).toBe('noOrderToCancel');
  });
});
