import type { LiveRobot, RobotStatus } from '@fleet/contract';
import { ROBOT_STATUSES } from '../../contract-values';
import { type LabelBox, LabelLayout } from './label-layout';
import type { PlacedSprites, RobotPixels } from './robot-pixels';
import { HEADINGS, type RobotSprites, spriteCell } from './robot-sprites';
import type { Size, View } from './view';

/** A robot's footprint on the map, in metres; never smaller than a few pixels so a zoomed-out fleet shows. */
const ROBOT_RADIUS_M = 0.35;
const MIN_RADIUS_PX = 4;
const MAX_RADIUS_PX = 22;
/** Names are drawn once a robot is this many pixels wide, and always for the selected one. */
const LABEL_FROM_RADIUS_PX = 9;
/**
 * From this many robots on screen their pixels are written into one buffer (a fixed ~2 ms a frame for the buffer,
 * then a fraction of a copy's cost per robot); fewer are copied one by one.
 */
const PIXELS_FROM_ROBOTS = 400;

const STATUS_INDEX = Object.fromEntries(ROBOT_STATUSES.map((s, i) => [s, i])) as Record<RobotStatus, number>;

export function robotRadiusPx(ppm: number): number {
  return Math.min(MAX_RADIUS_PX, Math.max(MIN_RADIUS_PX, ROBOT_RADIUS_M * ppm));
}

/** The robots of one frame: the first `count` of each array, index for index. */
export interface RobotsInput {
  view: View;
  /** The canvas's size in CSS pixels, and device pixels per CSS pixel. */
  size: Size;
  dpr: number;
  count: number;
  /** Each robot's record (id, name, status). */
  robots: readonly LiveRobot[];
  /** Where each is drawn (on its way to its reported position while it glides), in metres and radians. */
  x: Float64Array;
  y: Float64Array;
  theta: Float64Array;
  /** Offline or quiet: drawn faded. */
  faded: Uint8Array;
  selectedId: string | undefined;
  colours: { background: string; text: string };
  sprites: RobotSprites;
  /** Where this frame's sprites go, and the buffer many are written into: both reused from frame to frame. */
  placed: PlacedSprites;
  pixels: RobotPixels;
  /** Names already on the floor below (stations'), which robots' names keep clear of. */
  taken: readonly LabelBox[];
}

/**
 * The robots on a transparent canvas over the floor, drawn at every frame while they move: each a sprite (one
 * copy), the selected one ringed, names only when they can be read and do not cover one another, the selected
 * robot's first. Answers how many robots it drew (those on the screen).
 */
export function drawRobots(ctx: CanvasRenderingContext2D, input: RobotsInput): number {
  const { view, size, dpr, placed } = input;
  const r = robotRadiusPx(view.ppm);
  // Sprites are drawn in device pixels, one sprite pixel to one screen pixel.
  const sheet = input.sprites.sheet(r * dpr, input.colours.text);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (!sheet) {
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    return 0;
  }
  const labelled: number[] = [];
  let selected = -1;
  const halfW = size.width / 2;
  const halfH = size.height / 2;
  const half = sheet.cell / 2;
  placed.reset(input.count);
  for (let i = 0; i < input.count; i++) {
    const robot = input.robots[i];
    if (!robot) continue;
    const sx = halfW + ((input.x[i] ?? 0) - view.cx) * view.ppm;
    const sy = halfH - ((input.y[i] ?? 0) - view.cy) * view.ppm;
    if (sx < -r || sy < -r || sx > size.width + r || sy > size.height + r) continue;
    const cell = spriteCell(input.theta[i] ?? 0, STATUS_INDEX[robot.status], input.faded[i] === 1);
    placed.add(Math.round(sx * dpr - half), Math.round(sy * dpr - half), cell);
    if (robot.id === input.selectedId) selected = i;
    else if (r >= LABEL_FROM_RADIUS_PX) labelled.push(i);
  }
  if (placed.count >= PIXELS_FROM_ROBOTS) {
    input.pixels.draw(ctx, sheet, placed);
  } else {
    ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
    ctx.imageSmoothingEnabled = false;
    const c = sheet.cell;
    for (let k = 0; k < placed.count; k++) {
      const cell = placed.cell[k] ?? 0;
      const column = cell % HEADINGS;
      const row = (cell - column) / HEADINGS;
      ctx.drawImage(sheet.canvas, column * c, row * c, c, c, placed.left[k] ?? 0, placed.top[k] ?? 0, c, c);
    }
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const drawn = placed.count;
  const screen = (i: number) => ({
    sx: halfW + ((input.x[i] ?? 0) - view.cx) * view.ppm,
    sy: halfH - ((input.y[i] ?? 0) - view.cy) * view.ppm,
  });
  if (selected >= 0) {
    const { sx, sy } = screen(selected);
    ctx.strokeStyle = '#1677ff';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(sx, sy, r + 5, 0, Math.PI * 2);
    ctx.stroke();
    labelled.unshift(selected);
  }
  if (labelled.length === 0) return drawn;
  ctx.font = '12px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  // A halo in the background colour keeps names readable over walls and other robots.
  ctx.strokeStyle = input.colours.background;
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.fillStyle = input.colours.text;
  const labels = new LabelLayout(input.taken);
  for (const i of labelled) {
    const robot = input.robots[i];
    if (!robot) continue;
    const { sx, sy } = screen(i);
    const width = nameWidth(ctx, robot.name);
    const clear = labels.place({ x: sx - width / 2, y: sy - r - 15, width, height: 12 });
    if (!clear && i !== selected) continue;
    ctx.strokeText(robot.name, sx, sy - r - 3);
    ctx.fillText(robot.name, sx, sy - r - 3);
  }
  return drawn;
}

/** Names are always drawn in one font: each measured once, not at every frame. */
const NAME_WIDTHS = new Map<string, number>();

function nameWidth(ctx: CanvasRenderingContext2D, name: string): number {
  let width = NAME_WIDTHS.get(name);
  if (width === undefined) {
    width = ctx.measureText(name).width;
    NAME_WIDTHS.set(name, width);
  }
  return width;
}
