import type { LiveRobot, RobotStatus } from '@fleet/contract';
import { ROBOT_STATUSES } from '../../contract-values';
import type { FloorGeometry, MapStation } from './floor-geometry';
import { LabelLayout } from './label-layout';
import type { Pose } from './motion-glide';
import { STATUS_COLOURS } from './robot-colours';
import { type Size, toScreen, type View } from './view';

/** A robot's footprint on the map, in metres; never smaller than a few pixels so a zoomed-out fleet shows. */
const ROBOT_RADIUS_M = 0.35;
const MIN_RADIUS_PX = 4;
const MAX_RADIUS_PX = 22;
const GRID_STEPS_M = [1, 2, 5, 10, 20, 50, 100, 200, 500];
/** Names are drawn once a robot is this many pixels wide, and always for the selected one. */
const LABEL_FROM_RADIUS_PX = 9;

export function robotRadiusPx(ppm: number): number {
  return Math.min(MAX_RADIUS_PX, Math.max(MIN_RADIUS_PX, ROBOT_RADIUS_M * ppm));
}

export interface DrawInput {
  view: View;
  size: Size;
  geometry: FloorGeometry | null;
  image: CanvasImageSource | null;
  stations: readonly MapStation[];
  robots: readonly LiveRobot[];
  /** Where each robot is drawn (its reported position, or on its way there). */
  poseOf: (robot: LiveRobot) => Pose | null;
  selectedId: string | undefined;
  colours: { background: string; grid: string; text: string; station: string; charger: string };
}

export function drawMap(ctx: CanvasRenderingContext2D, input: DrawInput): void {
  const { size } = input;
  ctx.fillStyle = input.colours.background;
  ctx.fillRect(0, 0, size.width, size.height);
  if (input.geometry && input.image) drawImage(ctx, input, input.geometry, input.image);
  else drawGrid(ctx, input);
  // Names never cover one another: stations' first, then the selected robot's, then the others'.
  const labels = new LabelLayout();
  drawStations(ctx, input, labels);
  drawRobots(ctx, input, labels);
}

function drawImage(
  ctx: CanvasRenderingContext2D,
  input: DrawInput,
  g: FloorGeometry,
  image: CanvasImageSource,
) {
  const topLeft = toScreen(input.view, input.size, g.originX, g.originY + g.heightPx * g.resolution);
  const scale = g.resolution * input.view.ppm;
  // Occupancy maps are meant to be read pixel by pixel when zoomed in.
  ctx.imageSmoothingEnabled = scale < 1;
  ctx.drawImage(image, topLeft.sx, topLeft.sy, g.widthPx * scale, g.heightPx * scale);
}

/** Without a map image the floor is a metre grid, so positions still read as distances. */
function drawGrid(ctx: CanvasRenderingContext2D, input: DrawInput) {
  const { view, size } = input;
  const step = GRID_STEPS_M.find((m) => m * view.ppm >= 24) ?? 1000;
  const left = view.cx - size.width / 2 / view.ppm;
  const bottom = view.cy - size.height / 2 / view.ppm;
  ctx.strokeStyle = input.colours.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = Math.floor(left / step) * step; x <= left + size.width / view.ppm; x += step) {
    const { sx } = toScreen(view, size, x, 0);
    ctx.moveTo(Math.round(sx) + 0.5, 0);
    ctx.lineTo(Math.round(sx) + 0.5, size.height);
  }
  for (let y = Math.floor(bottom / step) * step; y <= bottom + size.height / view.ppm; y += step) {
    const { sy } = toScreen(view, size, 0, y);
    ctx.moveTo(0, Math.round(sy) + 0.5);
    ctx.lineTo(size.width, Math.round(sy) + 0.5);
  }
  ctx.stroke();
}

function drawStations(ctx: CanvasRenderingContext2D, input: DrawInput, labels: LabelLayout) {
  const { view, size } = input;
  const r = Math.max(4, Math.min(10, 0.3 * view.ppm));
  ctx.font = '11px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (const st of input.stations) {
    const { sx, sy } = toScreen(view, size, st.x, st.y);
    if (sx < -50 || sy < -50 || sx > size.width + 50 || sy > size.height + 50) continue;
    ctx.fillStyle = st.charger ? input.colours.charger : input.colours.station;
    ctx.beginPath();
    ctx.moveTo(sx, sy - r);
    ctx.lineTo(sx + r, sy);
    ctx.lineTo(sx, sy + r);
    ctx.lineTo(sx - r, sy);
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = ctx.fillStyle;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(sx, sy);
    ctx.lineTo(sx + Math.cos(st.theta) * r * 2, sy - Math.sin(st.theta) * r * 2);
    ctx.stroke();
    const width = view.ppm >= 8 ? ctx.measureText(st.name).width : 0;
    if (width > 0 && labels.place({ x: sx - width / 2, y: sy + r + 2, width, height: 11 })) {
      ctx.strokeStyle = input.colours.background;
      ctx.lineWidth = 3;
      ctx.strokeText(st.name, sx, sy + r + 2);
      ctx.fillStyle = input.colours.text;
      ctx.fillText(st.name, sx, sy + r + 2);
    }
  }
}

/**
 * One path per status colour, filled once: a thousand robots cost six fills, not a thousand. Headings go in
 * one stroke, names only when they can be read.
 */
function drawRobots(ctx: CanvasRenderingContext2D, input: DrawInput, labels: LabelLayout) {
  const { view, size } = input;
  const r = robotRadiusPx(view.ppm);
  const bodies = new Map<RobotStatus, Path2D>();
  const faded = new Map<RobotStatus, Path2D>();
  const headings = new Path2D();
  const labelled: Array<{ robot: LiveRobot; sx: number; sy: number }> = [];
  let selected: { sx: number; sy: number } | null = null;
  for (const robot of input.robots) {
    const p = input.poseOf(robot);
    if (!p) continue;
    const { sx, sy } = toScreen(view, size, p.x, p.y);
    if (sx < -r || sy < -r || sx > size.width + r || sy > size.height + r) continue;
    const group = robot.stale || robot.status === 'offline' ? faded : bodies;
    let path = group.get(robot.status);
    if (!path) {
      path = new Path2D();
      group.set(robot.status, path);
    }
    path.moveTo(sx + r, sy);
    path.arc(sx, sy, r, 0, Math.PI * 2);
    headings.moveTo(sx, sy);
    headings.lineTo(sx + Math.cos(p.theta) * r * 1.6, sy - Math.sin(p.theta) * r * 1.6);
    if (robot.id === input.selectedId) selected = { sx, sy };
    if (r >= LABEL_FROM_RADIUS_PX || robot.id === input.selectedId) labelled.push({ robot, sx, sy });
  }
  for (const status of ROBOT_STATUSES) {
    const solid = bodies.get(status);
    const dim = faded.get(status);
    ctx.fillStyle = STATUS_COLOURS[status];
    if (dim) {
      ctx.globalAlpha = 0.45;
      ctx.fill(dim);
      ctx.globalAlpha = 1;
    }
    if (solid) ctx.fill(solid);
  }
  ctx.strokeStyle = input.colours.text;
  ctx.lineWidth = Math.max(1.5, r / 4);
  ctx.stroke(headings);
  if (selected) {
    ctx.strokeStyle = '#1677ff';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(selected.sx, selected.sy, r + 5, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.font = '12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  // A halo in the background colour keeps names readable over walls and other robots.
  ctx.strokeStyle = input.colours.background;
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.fillStyle = input.colours.text;
  // The selected robot's name first, so it is always there.
  labelled.sort((a, b) => Number(b.robot.id === input.selectedId) - Number(a.robot.id === input.selectedId));
  for (const { robot, sx, sy } of labelled) {
    const width = ctx.measureText(robot.name).width;
    const clear = labels.place({ x: sx - width / 2, y: sy - r - 15, width, height: 12 });
    if (!clear && robot.id !== input.selectedId) continue;
    ctx.strokeText(robot.name, sx, sy - r - 3);
    ctx.fillText(robot.name, sx, sy - r - 3);
  }
}
