import type { Leg } from './ride.js';

/** A robot that drives each order's nodes one per `secondsPerNode`, on whatever map the node is. */
export class FakeRobot {
  online = true;
  orderId: string | null = null;
  openNodes = 0;
  driving = false;
  position = { x: 0, y: 0, theta: 0, mapId: 'lobby' };
  private nodes: Leg['nodes'] = [];
  private toNext = 0;
  constructor(private readonly secondsPerNode = 3) {}

  take(leg: Leg): void {
    this.orderId = leg.orderId;
    // The first node is where the robot is (or, on another map, where it takes up its position at once).
    const [first, ...rest] = leg.nodes;
    if (first) this.position = { x: first.x, y: first.y, theta: first.theta, mapId: first.mapId };
    this.nodes = rest;
    this.openNodes = rest.length;
    this.driving = rest.length > 0;
    this.toNext = this.secondsPerNode;
  }

  cancel(): void {
    this.nodes = [];
    this.openNodes = 0;
    this.driving = false;
  }

  step(dtS: number): void {
    if (this.nodes.length === 0) return;
    this.toNext -= dtS;
    if (this.toNext > 0) return;
    const n = this.nodes.shift();
    if (n) this.position = { x: n.x, y: n.y, theta: n.theta, mapId: n.mapId };
    this.openNodes = this.nodes.length;
    this.driving = this.nodes.length > 0;
    this.toNext = this.secondsPerNode;
  }
}
