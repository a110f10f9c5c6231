import type { LiveRobot } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { liveRobotFixture } from '../../live/live-robot.fixture';
import { MotionGlide, type Pose, type PoseSource, shortestTurn } from './motion-glide';

const at = (x: number, y = 0, theta = 0, mapId = 'f1'): LiveRobot =>
  liveRobotFixture({ id: 'r', position: { mapId, x, y, theta } });

/** The live store as the glide reads it: one robot per slot, each new record one more change. */
class FakeFleet implements PoseSource {
  private readonly records: LiveRobot[] = [];
  private readonly counts: number[] = [];
  set(slot: number, robot: LiveRobot) {
    this.records[slot] = robot;
    this.counts[slot] = (this.counts[slot] ?? 0) + 1;
  }
  changeAt = (slot: number) => this.counts[slot] ?? 0;
  recordAt = (slot: number) => this.records[slot];
  xAt = (slot: number) => this.records[slot]?.position?.x ?? Number.NaN;
  yAt = (slot: number) => this.records[slot]?.position?.y ?? Number.NaN;
  thetaAt = (slot: number) => this.records[slot]?.position?.theta ?? Number.NaN;
}

/** The glide API of before, over slot 0, so each case reads as the robot's story. */
function track(glide: MotionGlide) {
  const fleet = new FakeFleet();
  return {
    glide,
    update(robots: LiveRobot[], now: number) {
      const [robot] = robots;
      if (robot) fleet.set(0, robot);
      glide.update(fleet, robot ? [0] : [], now);
    },
    poseOf(_robot: LiveRobot, now: number): Pose | null {
      const out = { x: 0, y: 0, theta: 0 };
      return glide.poseInto(0, now, out) ? out : (fleet.recordAt(0)?.position ?? null);
    },
    gliding: (now: number) => glide.gliding(now),
  };
}

/** A glide that has seen the robot at x=0 at t=0 and at x=1 at t=300 (so its interval is 300 ms). */
function gliding(g = new MotionGlide()) {
  const glide = track(g);
  const first = at(0);
  glide.update([first], 0);
  const second = at(1);
  glide.update([second], 300);
  return { glide, robot: second };
}

describe('MotionGlide', () => {
  it('shows a robot seen for the first time where it was reported', () => {
    const glide = track(new MotionGlide());
    const robot = at(3, 4);
    glide.update([robot], 0);
    expect(glide.poseOf(robot, 0)).toEqual({ x: 3, y: 4, theta: 0 });
    expect(glide.gliding(0)).toBe(false);
  });

  it('moves a robot to its new position over its last interval between updates', () => {
    const { glide, robot } = gliding();
    expect(glide.poseOf(robot, 300)?.x).toBeCloseTo(0);
    expect(glide.poseOf(robot, 450)?.x).toBeCloseTo(0.5);
    expect(glide.gliding(450)).toBe(true);
    expect(glide.poseOf(robot, 600)?.x).toBe(1);
    expect(glide.poseOf(robot, 2000)?.x).toBe(1);
    expect(glide.gliding(600)).toBe(false);
  });

  it('starts the next glide from where the robot is drawn, so it never jumps back', () => {
    const { glide } = gliding();
    const third = at(2);
    glide.update([third], 450);
    expect(glide.poseOf(third, 450)?.x).toBeCloseTo(0.5);
    expect(glide.poseOf(third, 600)?.x).toBeGreaterThan(0.5);
  });

  it('keeps a glide short for a robot that reported long ago, and never shorter than 150 ms', () => {
    const glide = track(new MotionGlide());
    glide.update([at(0)], 0);
    const late = at(1);
    glide.update([late], 10_000);
    expect(glide.poseOf(late, 10_250)?.x).toBeCloseTo(0.5);
    const soon = at(2);
    glide.update([soon], 10_260);
    // 10 ms after the last one: still a 150 ms glide from where it was drawn.
    const sooner = at(3);
    glide.update([sooner], 10_270);
    expect(glide.gliding(10_410)).toBe(true);
    expect(glide.poseOf(sooner, 10_420)?.x).toBe(3);
  });

  it('shows a jump of more than 5 m, or a change of floor, at once', () => {
    const glide = track(new MotionGlide());
    glide.update([at(0)], 0);
    const far = at(6);
    glide.update([far], 300);
    expect(glide.poseOf(far, 300)?.x).toBe(6);
    const upstairs = at(6.5, 0, 0, 'f2');
    glide.update([upstairs], 600);
    expect(glide.poseOf(upstairs, 600)?.x).toBe(6.5);
    expect(glide.gliding(600)).toBe(false);
  });

  it('shows every position at once when the user prefers reduced motion', () => {
    const { glide, robot } = gliding(new MotionGlide(false));
    expect(glide.poseOf(robot, 300)?.x).toBe(1);
    expect(glide.gliding(300)).toBe(false);
  });

  it('keeps gliding when a record changes without moving (battery, status)', () => {
    const { glide } = gliding();
    const charged = { ...at(1), battery: 99 };
    glide.update([charged], 400);
    expect(glide.poseOf(charged, 450)?.x).toBeCloseTo(0.5);
  });

  it('turns the short way round', () => {
    const glide = track(new MotionGlide());
    glide.update([at(0, 0, 3)], 0);
    const turned = at(0.1, 0, -3);
    glide.update([turned], 300);
    // From 3 rad to −3 rad is 0.28 rad through π, not 6 rad back through 0.
    const mid = glide.poseOf(turned, 450)?.theta ?? 0;
    expect(Math.abs(mid)).toBeGreaterThan(3);
    expect(shortestTurn(3, -3)).toBeCloseTo(2 * Math.PI - 6);
    expect(shortestTurn(-3, 3)).toBeCloseTo(6 - 2 * Math.PI);
    expect(shortestTurn(0, Math.PI)).toBeCloseTo(Math.PI);
  });

  it('forgets robots that left the map', () => {
    const { glide, robot } = gliding();
    glide.update([], 400);
    expect(glide.gliding(400)).toBe(false);
    // Not tracked any more: drawn where it was reported.
    expect(glide.poseOf(robot, 400)?.x).toBe(1);
  });
});
