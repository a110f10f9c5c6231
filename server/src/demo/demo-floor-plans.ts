import { FREE, greyPng, OCCUPIED, UNKNOWN } from '../modules/buildings/maps/occupancy-png.js';

/** Every demo plan: 60 × 40 m at 5 cm per pixel, drawn in the greys of a ROS occupancy map. */
export const PLAN_RESOLUTION = 0.05;
export const PLAN_WIDTH_M = 60;
export const PLAN_HEIGHT_M = 40;

export type PlanKind = 'lobby' | 'office' | 'warehouse';

/** A blank plan drawn in metres of the map frame (y up), kept as one grey byte per pixel. */
class Plan {
  readonly width = Math.round(PLAN_WIDTH_M / PLAN_RESOLUTION);
  readonly height = Math.round(PLAN_HEIGHT_M / PLAN_RESOLUTION);
  readonly grey = Buffer.alloc(this.width * this.height, UNKNOWN);

  fill(x0: number, y0: number, x1: number, y1: number, value: number): void {
    const px = (m: number) => Math.max(0, Math.min(this.width, Math.round(m / PLAN_RESOLUTION)));
    // Rows count from the top of the image, metres from the bottom of the map.
    const py = (m: number) =>
      Math.max(0, Math.min(this.height, this.height - Math.round(m / PLAN_RESOLUTION)));
    const [c0, c1] = [px(Math.min(x0, x1)), px(Math.max(x0, x1))];
    const [r0, r1] = [py(Math.max(y0, y1)), py(Math.min(y0, y1))];
    for (let r = r0; r < r1; r++) this.grey.fill(value, r * this.width + c0, r * this.width + c1);
  }

  floorArea(x0: number, y0: number, x1: number, y1: number): void {
    this.fill(x0, y0, x1, y1, FREE);
  }

  /** An axis-aligned wall 20 cm thick from one point to another. */
  wall(x0: number, y0: number, x1: number, y1: number): void {
    const t = 0.1;
    this.fill(
      Math.min(x0, x1) - t,
      Math.min(y0, y1) - t,
      Math.max(x0, x1) + t,
      Math.max(y0, y1) + t,
      OCCUPIED,
    );
  }

  /** A 1.2 m opening in a wall, centred on the point. */
  door(x: number, y: number, vertical = false): void {
    const [hw, ht] = vertical ? [0.2, 0.6] : [0.6, 0.2];
    this.fill(x - hw, y - ht, x + hw, y + ht, FREE);
  }

  block(x0: number, y0: number, x1: number, y1: number): void {
    this.fill(x0, y0, x1, y1, OCCUPIED);
  }

  shell(): void {
    this.floorArea(1, 1, 59, 39);
    this.wall(1, 1, 59, 1);
    this.wall(1, 39, 59, 39);
    this.wall(1, 1, 1, 39);
    this.wall(59, 1, 59, 39);
  }
}

/** Ground floor of an office tower: entrance, lobby with a reception desk, lifts, café and meeting rooms. */
function lobby(p: Plan): void {
  p.shell();
  p.fill(27, 0.8, 33, 1.2, FREE); // main entrance, 6 m of glass doors
  // North wing: lift core, stairs, meeting rooms along a wall with doors.
  p.wall(1, 26, 59, 26);
  for (const x of [12, 22, 38, 48]) p.wall(x, 26, x, 39);
  for (const x of [6.5, 17, 30, 43, 53.5]) p.door(x, 26);
  p.block(25, 31, 35, 37); // lift shafts
  // Two cars opening south onto the lift lobby (server/src/demo/demo-lifts.ts puts their landings there).
  p.fill(26.25, 31, 29.25, 35, FREE);
  p.fill(30.75, 31, 33.75, 35, FREE);
  // Café in the south-west, separated by a wall with a wide opening.
  p.wall(16, 1, 16, 14);
  p.door(16, 8, true);
  p.door(16, 9.2, true);
  p.block(5, 9, 11, 10); // café counter
  p.block(27, 12, 33, 13.5); // reception desk
  for (const [x, y] of [
    [42, 8],
    [48, 8],
    [54, 8],
    [45, 16],
    [51, 16],
  ] as const) {
    p.block(x - 0.6, y - 0.6, x + 0.6, y + 0.6); // columns and planters
  }
}

/** A typical office storey: a ring corridor round a core of lifts and services, offices outside it. */
function office(p: Plan): void {
  p.shell();
  // Core with lifts and stairs, ringed by a corridor 2 m wide.
  p.wall(18, 14, 42, 14);
  p.wall(18, 26, 42, 26);
  p.wall(18, 14, 18, 26);
  p.wall(42, 14, 42, 26);
  p.block(26, 16, 34, 24);
  // The same two cars, opening south onto the ring corridor.
  p.fill(26.25, 16, 29.25, 20, FREE);
  p.fill(30.75, 16, 33.75, 20, FREE);
  p.door(30, 14);
  // Offices north and south of the ring, open-plan areas east and west.
  p.wall(12, 30, 48, 30);
  p.wall(12, 10, 48, 10);
  for (const x of [12, 21, 30, 39, 48]) {
    p.wall(x, 30, x, 39);
    p.wall(x, 1, x, 10);
  }
  for (const x of [16.5, 25.5, 34.5, 43.5]) {
    p.door(x, 30);
    p.door(x, 10);
  }
  // Desks in the open-plan areas.
  for (const y of [6, 12, 18, 24, 30]) {
    p.block(3, y, 8, y + 1.4);
    p.block(52, y, 57, y + 1.4);
  }
}

/** A logistics depot: rack rows with aisles, a packing area and loading docks on the south wall. */
function warehouse(p: Plan): void {
  p.shell();
  for (const x of [10, 20, 30, 40, 50]) p.fill(x - 0.6, 0.8, x + 1.8, 1.2, FREE); // dock doors, 2.4 m
  // Eight rack rows 1.2 m deep with 3 m aisles between them.
  for (let i = 0; i < 8; i++) {
    const y = 14 + i * 3;
    p.block(8, y, 46, y + 1.2);
  }
  // Packing tables and the office in the east.
  p.block(50, 20, 56, 21.5);
  p.block(50, 26, 56, 27.5);
  p.wall(48, 32, 59, 32);
  p.wall(48, 32, 48, 39);
  p.door(53, 32);
}

const DRAW: Record<PlanKind, (p: Plan) => void> = { lobby, office, warehouse };
const drawn = new Map<PlanKind, Buffer>();

/** The plan as a PNG; drawn once per process, since every test app seeds the same demo. */
export function floorPlanPng(kind: PlanKind): Buffer {
  let png = drawn.get(kind);
  if (!png) {
    const plan = new Plan();
    DRAW[kind](plan);
    png = greyPng(plan.width, plan.height, plan.grey);
    drawn.set(kind, png);
  }
  return png;
}

export const PLAN_SIZE_PX = {
  width: PLAN_WIDTH_M / PLAN_RESOLUTION,
  height: PLAN_HEIGHT_M / PLAN_RESOLUTION,
};
