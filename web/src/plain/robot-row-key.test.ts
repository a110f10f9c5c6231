import type { LiveRobot } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { liveRobotFixture } from '../live/live-robot.fixture';
import { robotRowKey } from './robot-row-key';

const base = liveRobotFixture({ battery: 55.2, lastSeenAt: '2026-11-22T10:00:01.000Z' });

describe('robotRowKey: a row is drawn again only when what it shows changed', () => {
  it.each<[string, Partial<LiveRobot>, boolean]>([
    [
      'moved',
      { position: { mapId: 'floor-1', x: 9, y: 9, theta: 3 }, velocity: { vx: 1, vy: 0, omega: 0 } },
      false,
    ],
    ['battery 55.2 → 54.6 (still 55 %)', { battery: 54.6 }, false],
    ['heard from 4 s later', { lastSeenAt: '2026-11-22T10:00:05.000Z' }, false],
    ['paused flag and errors (not columns)', { paused: true, errors: [] }, false],
    ['battery 55.2 → 54.4 (54 %)', { battery: 54.4 }, true],
    ['battery 40.2 → 39.8 (40 % both, other colour)', { battery: 39.8 }, true],
    ['no battery', { battery: null }, true],
    ['heard from 10 s later', { lastSeenAt: '2026-11-22T10:00:11.000Z' }, true],
    ['never heard from', { lastSeenAt: null }, true],
    ['status', { status: 'error' }, true],
    ['stale', { stale: true }, true],
    ['name', { name: 'Other' }, true],
    ['serial number', { serialNumber: 'SN-2' }, true],
    ['model', { model: 'Tug' }, true],
    ['building', { buildingId: 'b-1' }, true],
    ['floor', { position: { mapId: 'floor-2', x: 1, y: 2, theta: 0 } }, true],
    ['charging', { charging: true }, true],
    ['order', { orderId: 'o-1' }, true],
    ['driving', { driving: true }, true],
  ])('%s: %s', (_what, patch, differs) => {
    const from =
      patch.battery !== undefined && patch.battery !== null && patch.battery < 40
        ? { ...base, battery: 40.2 }
        : base;
    expect(robotRowKey({ ...from, ...patch }) !== robotRowKey(from)).toBe(differs);
  });
});
