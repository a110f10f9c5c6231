import type { RobotCommand } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { liveRobotFixture } from '../../live/live-robot.fixture';
import { progressOf } from './command-progress.utils';

const command = (patch: Partial<RobotCommand> = {}): RobotCommand => ({
  id: '00000000-0000-4000-8000-000000000001',
  robotId: '00000000-0000-4000-8000-000000000002',
  type: 'pause',
  status: 'sent',
  reference: 'act-1',
  detail: null,
  issuedBy: null,
  issuedByApp: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...patch,
});

describe('progressOf', () => {
  it.each([
    ['WAITING', 'waiting'],
    ['INITIALIZING', 'waiting'],
    ['RUNNING', 'running'],
    ['FINISHED', 'finished'],
    ['FAILED', 'failed'],
  ] as const)('a sent command whose action the robot reports %s is %s', (actionStatus, expected) => {
    const robot = liveRobotFixture({ actionStates: [{ actionId: 'act-1', actionStatus }] });
    expect(progressOf(command(), robot)).toBe(expected);
  });

  it('keeps the server’s final answer whatever the robot still reports', () => {
    const robot = liveRobotFixture({ actionStates: [{ actionId: 'act-1', actionStatus: 'RUNNING' }] });
    expect(progressOf(command({ status: 'timedOut' }), robot)).toBe('timedOut');
    expect(progressOf(command({ status: 'finished' }), robot)).toBe('finished');
  });

  it('a go-to is running while the robot drives that order', () => {
    const goTo = command({ type: 'goTo', reference: 'order-9' });
    expect(progressOf(goTo, liveRobotFixture({ orderId: 'order-9', driving: true }))).toBe('running');
    expect(progressOf(goTo, liveRobotFixture({ orderId: 'order-9', driving: false }))).toBe('waiting');
  });

  it('without the robot in view the record stands', () => {
    expect(progressOf(command({ status: 'running' }), undefined)).toBe('running');
  });
});
