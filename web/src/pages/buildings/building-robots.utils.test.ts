import type { LiveRobot } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { buildingRobotRows } from './building-robots.utils';

const robot = (id: string, name: string, buildingId: string | null, mapId?: string): LiveRobot => ({
  id,
  name,
  serialNumber: id,
  manufacturer: 'acme',
  model: 'm1',
  buildingId,
  status: 'idle',
  connection: 'ONLINE',
  stale: false,
  position: mapId ? { mapId, x: 0, y: 0, theta: 0 } : null,
  velocity: null,
  battery: 80,
  charging: false,
  driving: false,
  paused: false,
  operatingMode: null,
  orderId: null,
  errors: [],
  actionStates: [],
  lastSeenAt: null,
});

describe('buildingRobotRows', () => {
  it('keeps the building’s robots, by name, with the floor their position names', () => {
    const rows = buildingRobotRows(
      [
        robot('1', 'Zed', 'b1', 'f1'),
        robot('2', 'Amy', 'b1'),
        robot('3', 'Other', 'b2', 'f1'),
        robot('4', 'Lost', 'b1', 'elsewhere'),
      ],
      'b1',
      [{ id: 'f1', name: 'Lobby' }],
    );
    expect(rows.map((r) => [r.name, r.floorName])).toEqual([
      ['Amy', undefined],
      ['Lost', undefined],
      ['Zed', 'Lobby'],
    ]);
  });
});
