import { describe, expect, it } from 'vitest';
import { moveTowards, wrapAngle } from './motion.js';

describe('wrapAngle', () => {
  it.each([
    [0, 0],
    [Math.PI / 2, Math.PI / 2],
    [(3 * Math.PI) / 2, -Math.PI / 2],
    [-(3 * Math.PI) / 2, Math.PI / 2],
    [5 * Math.PI, Math.PI],
  ])('%f → %f', (a, expected) => {
    expect(wrapAngle(a)).toBeCloseTo(expected, 9);
  });
});

describe('moveTowards', () => {
  it.each([
    { name: 'drives part way', to: [10, 0], dt: 2, pose: [2, 0, 0], arrived: false, vx: 1, omega: 0 },
    { name: 'arrives with time to spare', to: [1, 0], dt: 2, pose: [1, 0, 0], arrived: true, remaining: 1 },
    {
      name: 'turns first (left)',
      to: [0, 5],
      dt: 0.5,
      pose: [0, 0, 0.75],
      arrived: false,
      vx: 0,
      omega: 1.5,
    },
    {
      name: 'turns first (right)',
      to: [0, -5],
      dt: 0.5,
      pose: [0, 0, -0.75],
      arrived: false,
      vx: 0,
      omega: -1.5,
    },
    {
      name: 'turns then drives',
      to: [0, 5],
      dt: Math.PI / 3 + 1,
      pose: [0, 1, Math.PI / 2],
      arrived: false,
      vx: 1,
    },
    {
      name: 'turns to the final heading',
      to: [0, 0],
      theta: Math.PI,
      dt: 1,
      pose: [0, 0, 1.5],
      arrived: false,
      omega: 1.5,
    },
    { name: 'arrives facing the final heading', to: [0, 0], theta: 1, dt: 1, pose: [0, 0, 1], arrived: true },
  ])('$name', ({ to, theta, dt, pose, arrived, remaining, vx, omega }) => {
    const p = { x: 0, y: 0, theta: 0, mapId: 'm' };
    const r = moveTowards(p, to[0] ?? 0, to[1] ?? 0, theta, dt, 1, 1.5);
    expect(p.x).toBeCloseTo(pose[0] ?? 0, 6);
    expect(p.y).toBeCloseTo(pose[1] ?? 0, 6);
    expect(p.theta).toBeCloseTo(pose[2] ?? 0, 6);
    expect(r.arrived).toBe(arrived);
    if (remaining !== undefined) expect(r.remaining).toBeCloseTo(remaining, 6);
    if (vx !== undefined) expect(r.vx).toBe(vx);
    if (omega !== undefined) expect(r.omega).toBe(omega);
  });
});
