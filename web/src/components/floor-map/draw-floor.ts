import type { FloorGeometry, MapStation } from './floor-geometry';
import { type LabelBox, LabelLayout } from './label-layout';
import { type Size, toScreen, type View } from './view';

const GRID_STEPS_M = [1, 2, 5, 10, 20, 50, 100, 200, 500];

export interface FloorInput {
  view: View;
  size: Size;
  geometry: FloorGeometry | null;
  image: CanvasImageSource | null;
  stations: readonly MapStation[];
  colours: { background: string; grid: string; text: string; station: string; charger: string };
}

/**
 * The floor under the robots: its map image (or a metre grid) and its stations with their names. Drawn on a
 * canvas of its own, only when the view or the floor changes; returns the names' boxes, which robots' names
 * then keep clear of.
 */
export function drawFloor(ctx: CanvasRenderingContext2D, input: FloorInput): LabelBox[] {
  const { size } = input;
  ctx.fillStyle = input.colours.background;
  ctx.fillRect(0, 0, size.width, size.height);
  if (input.geometry && input.image) drawImage(ctx, input, input.geometry, input.image);
  else drawGrid(ctx, input);
  const labels = new LabelLayout();
  drawStations(ctx, input, labels);
  return labels.boxes();
}

function drawImage(
  ctx: CanvasRenderingContext2D,
  input: FloorInput,
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
function drawGrid(ctx: CanvasRenderingContext2D, input: FloorInput) {
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

function drawStations(ctx: CanvasRenderingContext2D, input: FloorInput, labels: LabelLayout) {
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
