import type { LiveRobot, RobotStatus } from '@fleet/contract';
import { ROBOT_STATUSES } from '../../contract-values';
import { type LabelBox, LabelLayout } from './label-layout';
import { headingColumn, type RobotSprites, statusRow } from './robot-sprites';
import type { Size, View } from './view';

/** A robot's footprint on the map, in metres; never smaller than a few pixels so a zoomed-out fleet shows. */
const ROBOT_RADIUS_M = 0.35;
const MIN_RADIUS_PX = 4;
const MAX_RADIUS_PX = 22;
/** Names are drawn once a robot is this many pixels wide, and always for the selected one. */
const LABEL_FROM_RADIUS_PX = 9;

const STATUS_INDEX = Object.fromEntries(ROBOT_STATUSES.map((s, i) => [s, i])) as Record<RobotStatus, number>;

export function robotRadiusPx(ppm: number): number {
  return Math.min(MAX_RADIUS_PX, Math.max(MIN_RADIUS_PX, ROBOT_RADIUS_M * ppm));
}

/** The robots of one frame: the first `count` of each array, index for index. */
export interface RobotsInput {
  view: View;
  size: Size;
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
  /** Names already on the floor below (stations'), which robots' names keep clear of. */
  taken: readonly LabelBox[];
}

/**
 * The robots on a transparent canvas over the floor, drawn at every frame while they move: each a sprite (one
 * copy), the selected one ringed, names only when they can be read and do not cover one another, the selected
 * robot's first. Answers how many robots it drew (those on the screen).
 */
export function drawRobots(ctx: CanvasRenderingContext2D, input: RobotsInput): number {
  const { view, size } = input;
  ctx.clearRect(0, 0, size.width, size.height);
  const r = robotRadiusPx(view.ppm);
  const sheet = input.sprites.sheet(r, input.colours.text);
  if (!sheet) return 0;
  let drawn = 0;
  const labelled: number[] = [];
  let selected = -1;
  const halfW = size.width / 2;
  const halfH = size.height / 2;
  ctx.imageSmoothingEnabled = false;
  for (let i = 0; i < input.count; i++) {
    const robot = input.robots[i];
    if (!robot) continue;
    const sx = halfW + ((input.x[i] ?? 0) - view.cx) * view.ppm;
    const sy = halfH - ((input.y[i] ?? 0) - view.cy) * view.ppm;
    if (sx < -r || sy < -r || sx > size.width + r || sy > size.height + r) continue;
    const faded = input.faded[i] === 1;
    const theta = input.theta[i] ?? 0;
    const c = sheet.cell;
    ctx.drawImage(
      sheet.canvas,
      headingColumn(theta) * c,
      statusRow(STATUS_INDEX[robot.status], faded) * c,
      c,
      c,
      Math.round(sx - c / 2),
      Math.round(sy - c / 2),
      c,
      c,
    );
    drawn++;
    if (robot.id === input.selectedId) selected = i;
    else if (r >= LABEL_FROM_RADIUS_PX) labelled.push(i);
  }
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
