import { describe, expect, it } from 'vitest';
import { type AnswerPolicy, type CandidateRobot, pickRobot } from './pick-robot.js';
import { RobotGrid } from './robot-grid.js';

/** Seeded, so a failure names a case that can be run again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

function fleet(next: () => number, count: number, floorM: number): CandidateRobot[] {
  const floors = ['lobby', 'lobby', 'lobby', 'floor2'];
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    // Names repeat now and then, and distances tie on a coarse grid: the tie-break is tested too.
    name: `Robot ${Math.floor(next() * count)}`,
    model: next() < 0.5 ? 'Courier' : 'Server',
    buildingId: next() < 0.95 ? 'tower' : 'annex',
    online: next() < 0.9,
    idle: next() < 0.8,
    battery: next() < 0.1 ? null : Math.floor(next() * 100),
    position:
      next() < 0.05
        ? null
        : {
            mapId: floors[Math.floor(next() * floors.length)] ?? 'lobby',
            x: Math.round(next() * floorM),
            y: Math.round(next() * floorM),
          },
    onCall: next() < 0.05,
  }));
}

describe('the free robots indexed by cell (DEVICES-CALLS)', () => {
  it('chooses exactly the robot pickRobot would, over many random buildings, calls and policies', () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const floorM = [20, 100, 400][round % 3] ?? 100;
      const robots = fleet(next, 1 + Math.floor(next() * 200), floorM);
      const grid = new RobotGrid(robots);
      for (let c = 0; c < 10; c++) {
        const point = {
          buildingId: 'tower',
          floorId: next() < 0.8 ? 'lobby' : 'floor2',
          x: Math.round(next() * floorM),
          y: Math.round(next() * floorM),
        };
        const policy: AnswerPolicy = {
          allowedRobotIds: next() < 0.2 ? robots.slice(0, 20).map((r) => r.id) : [],
          allowedModels: next() < 0.2 ? ['Server'] : [],
          minBattery: Math.floor(next() * 40),
        };
        const expected = pickRobot(point, robots, policy);
        const got = grid.nearest(point, policy);
        expect(got?.robot.id ?? null, `round ${round} call ${c}`).toBe(expected.robot?.id ?? null);
        if (got && expected.robot) expect(got.distanceM).toBeCloseTo(expected.distanceM, 9);
      }
    }
  });

  it('a robot taken is never chosen again, and one found busy is passed over', () => {
    const robots = fleet(random(3), 50, 50).map((r) => ({
      ...r,
      buildingId: 'tower',
      online: true,
      idle: true,
      onCall: false,
      battery: 90,
    }));
    const grid = new RobotGrid(robots);
    const point = { buildingId: 'tower', floorId: 'lobby', x: 25, y: 25 };
    const policy = { allowedRobotIds: [], allowedModels: [], minBattery: 20 };
    const first = grid.nearest(point, policy);
    expect(first).not.toBeNull();
    grid.take(first?.robot.id ?? '');
    const second = grid.nearest(point, policy, (r) => r.id === 'r0');
    expect(second?.robot.id).not.toBe(first?.robot.id);
    expect(second?.robot.id).not.toBe('r0');
    const left = robots.filter((r) => r.id !== first?.robot.id && r.id !== 'r0');
    expect(second?.robot.id).toBe(pickRobot(point, left, policy).robot?.id);
  });

  it('a robot the live fleet says is busy now is passed over for the next nearest', () => {
    const robots = fleet(random(11), 80, 60).map((r) => ({
      ...r,
      buildingId: 'tower',
      online: true,
      idle: true,
      onCall: false,
      battery: 90,
      position: r.position && { ...r.position, mapId: 'lobby' },
    }));
    const point = { buildingId: 'tower', floorId: 'lobby', x: 30, y: 30 };
    const policy = { allowedRobotIds: [], allowedModels: [], minBattery: 20 };
    const nearest = pickRobot(point, robots, policy).robot?.id;
    const grid = new RobotGrid(robots, (id) => id !== nearest);
    const chosen = grid.nearest(point, policy);
    expect(chosen?.robot.id).toBe(
      pickRobot(
        point,
        robots.filter((r) => r.id !== nearest),
        policy,
      ).robot?.id,
    );
  });

  it('finds nothing in an empty building', () => {
    const grid = new RobotGrid([]);
    const point = { buildingId: 'tower', floorId: 'lobby', x: 1, y: 1 };
    expect(grid.nearest(point, { allowedRobotIds: [], allowedModels: [], minBattery: 0 })).toBeNull();
  });
});
