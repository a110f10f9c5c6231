import { describe, expect, it } from 'vitest';
import { type CandidateRobot, OTHER_FLOOR_PENALTY_M, pickRobot } from './pick-robot.js';

const point = { buildingId: 'tower', floorId: 'lobby', x: 10, y: 10 };
const anyRobot = { allowedRobotIds: [], allowedModels: [], minBattery: 20 };
const robot = (id: string, over: Partial<CandidateRobot> = {}): CandidateRobot => ({
  id,
  name: id,
  model: 'Courier',
  buildingId: 'tower',
  online: true,
  idle: true,
  battery: 80,
  position: { mapId: 'lobby', x: 10, y: 10 },
  onCall: false,
  ...over,
});
const at = (x: number, y: number, mapId = 'lobby') => ({ position: { mapId, x, y } });

describe('choosing the robot for a call (DEVICES-CALLS)', () => {
  it('sends the nearest free robot of the building', () => {
    const choice = pickRobot(point, [robot('far', at(40, 10)), robot('near', at(13, 14))], anyRobot);
    expect(choice.robot?.id).toBe('near');
    expect(choice).toMatchObject({ distanceM: 5 });
  });

  it('prefers a robot on the caller’s floor unless one elsewhere is much nearer', () => {
    const upstairs = robot('upstairs', at(10, 10, 'floor12'));
    expect(pickRobot(point, [upstairs, robot('same', at(60, 10))], anyRobot).robot?.id).toBe('same');
    expect(
      pickRobot(point, [upstairs, robot('same', at(10 + OTHER_FLOOR_PENALTY_M + 1, 10))], anyRobot).robot?.id,
    ).toBe('upstairs');
  });

  it('leaves out robots busy, on another call, offline, unplaced, charging too low or of another building', () => {
    const choice = pickRobot(
      point,
      [
        robot('working', { idle: false }),
        robot('answering', { onCall: true }),
        robot('offline', { online: false }),
        robot('lost', { position: null }),
        robot('flat', { battery: 12 }),
        robot('elsewhere', { buildingId: 'depot' }),
      ],
      anyRobot,
    );
    expect(choice).toEqual({ robot: null, why: { allowed: 5, busy: 2, lowBattery: 1, offline: 2 } });
  });

  it('takes only the robots or models the device allows; a robot that reports no battery may go', () => {
    const robots = [robot('tug', { model: 'Tug' }), robot('courier', { battery: null, ...at(30, 30) })];
    expect(pickRobot(point, robots, { ...anyRobot, allowedModels: ['Courier'] }).robot?.id).toBe('courier');
    expect(pickRobot(point, robots, { ...anyRobot, allowedRobotIds: ['tug'] }).robot?.id).toBe('tug');
    expect(pickRobot(point, robots, { ...anyRobot, allowedModels: ['Cleaner'] })).toMatchObject({
      robot: null,
      why: { allowed: 0 },
    });
  });

  it('breaks a tie by name, so the same press always sends the same robot', () => {
    expect(pickRobot(point, [robot('B'), robot('A')], anyRobot).robot?.id).toBe('A');
  });
});
