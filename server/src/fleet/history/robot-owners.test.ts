import { describe, expect, it } from 'vitest';
import type { RobotIdentity } from '../live-store.js';
import { RobotOwners } from './robot-owners.js';

const robot = (id: string, buildingId: string | null = 'tower'): RobotIdentity => ({
  id,
  companyId: 'acme',
  name: id,
  manufacturer: 'fleetsim',
  serialNumber: id,
  model: 'R1',
  buildingId,
  expectedIntervalMs: 5000,
});

describe('RobotOwners', () => {
  it('finds a robot by its place in the live store, the same owner each time', () => {
    const owners = new RobotOwners();
    const r = robot('r-1');
    const first = owners.of(r, 0);
    first.sampledAt = 1000;
    expect(owners.of(r, 0)).toBe(first);
    expect(owners.get('r-1')).toBe(first);
  });

  it('a robot moved to another building gets a new owner that keeps when it was last sampled', () => {
    const owners = new RobotOwners();
    const first = owners.of(robot('r-1'), 0);
    first.sampledAt = 1000;
    const moved = owners.of(robot('r-1', 'annex'), 0);
    expect(moved).not.toBe(first);
    expect(moved).toMatchObject({ buildingId: 'annex', sampledAt: 1000 });
    expect(owners.get('r-1')).toBe(moved);
  });

  it('a place another robot held answers for the robot now in it, and a robot back in an old place is itself', () => {
    const owners = new RobotOwners();
    const one = owners.of(robot('r-1'), 0);
    const two = owners.of(robot('r-2', 'annex'), 0); // r-1 removed, r-2 took its place
    expect(two).not.toBe(one);
    expect(two.buildingId).toBe('annex');
    // r-1 registered again elsewhere, then back in place 0 after moving building: never another robot's owner.
    const oneMoved = owners.of(robot('r-1', 'annex'), 3);
    expect(owners.of(robot('r-1', 'annex'), 0)).toBe(oneMoved);
    expect(owners.get('r-2')).toBe(two);
  });
});
