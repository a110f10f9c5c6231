import type { LiveRobot } from '@fleet/contract';

/** A robot as /live sends it, for tests; the id need not be a uuid here. */
export function liveRobotFixture(patch: Partial<LiveRobot> = {}): LiveRobot {
  return {
    id: 'robot-1',
    name: 'Robot 1',
    serialNumber: 'SN-1',
    manufacturer: 'acme',
    model: 'Courier',
    buildingId: null,
    status: 'idle',
    connection: 'ONLINE',
    stale: false,
    position: { mapId: 'floor-1', x: 1, y: 2, theta: 0 },
    velocity: null,
    battery: 80,
    charging: false,
    driving: false,
    paused: false,
    operatingMode: 'AUTOMATIC',
    orderId: null,
    errors: [],
    actionStates: [],
    lastSeenAt: '2026-11-22T10:00:00.000Z',
    ...patch,
  };
}
