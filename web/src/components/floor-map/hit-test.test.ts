import type { LiveRobot } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { liveRobotFixture } from '../../live/live-robot.fixture';
import { robotAt } from './hit-test';

const size = { width: 200, height: 200 };
const view = { cx: 0, cy: 0, ppm: 10 };
const a = liveRobotFixture({ id: 'a', position: { mapId: 'f', x: 0, y: 0, theta: 0 } });
const b = liveRobotFixture({ id: 'b', position: { mapId: 'f', x: 1, y: 0, theta: 0 } });
const lost = liveRobotFixture({ id: 'lost', position: null });
const reported = (r: LiveRobot) => r.position;

describe('robotAt', () => {
  it('finds the robot under the pointer (y up on the map, down on the screen)', () => {
    expect(robotAt([a, b, lost], reported, view, size, 110, 100, 4)?.id).toBe('b');
    expect(robotAt([a, b, lost], reported, view, size, 101, 101, 4)?.id).toBe('a');
  });

  it('prefers the nearer of two overlapping robots', () => {
    expect(robotAt([a, b], reported, view, size, 106, 100, 4)?.id).toBe('b');
    expect(robotAt([a, b], reported, view, size, 104, 100, 4)?.id).toBe('a');
  });

  it('looks where the robot is drawn, not where it was reported', () => {
    const drawnAt = (r: LiveRobot) => (r.id === 'b' ? { x: 5, y: 0, theta: 0 } : r.position);
    expect(robotAt([a, b], drawnAt, view, size, 150, 100, 4)?.id).toBe('b');
    expect(robotAt([a, b], drawnAt, view, size, 110, 100, 2)).toBeUndefined();
  });

  it('finds nothing on empty floor', () => {
    expect(robotAt([a, b], reported, view, size, 150, 150, 4)).toBeUndefined();
  });
});
