import { ROBOT_STATUSES } from '../../contract-values';
import { STATUS_COLOURS } from './robot-colours';

/** Headings a sprite can show: every 7.5°; the sheet's columns. */
export const HEADINGS = 48;

/**
 * Every look a robot can have on the map — its status's colour, faded when offline or quiet, its heading rounded
 * to 7.5° — drawn once into one canvas, so a frame copies a few pixels per robot instead of filling a circle and
 * stroking a line: with software rendering, rasterising thousands of circles cost more than all the page's
 * scripts. Made again when the robots' size (to the half pixel) or the text colour changes.
 */
export class RobotSprites {
  private atlas: { radius: number; text: string; canvas: HTMLCanvasElement; cell: number } | null = null;

  /**
   * The atlas for robots of about `radius` pixels (to the half pixel, so zooming does not redraw it at every
   * step) with headings in `text`; null where canvases cannot draw.
   */
  sheet(exactRadius: number, text: string): { canvas: HTMLCanvasElement; cell: number } | null {
    const radius = Math.round(exactRadius * 2) / 2;
    if (this.atlas?.radius === radius && this.atlas.text === text) return this.atlas;
    const lineWidth = Math.max(1.5, radius / 4);
    const cell = Math.ceil(2 * (radius * 1.6 + lineWidth)) + 2;
    const canvas = document.createElement('canvas');
    canvas.width = cell * HEADINGS;
    canvas.height = cell * ROBOT_STATUSES.length * 2;
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.lineWidth = lineWidth;
    ctx.strokeStyle = text;
    ROBOT_STATUSES.forEach((status, row) => {
      for (let faded = 0; faded < 2; faded++) {
        const cy = (row * 2 + faded) * cell + cell / 2;
        for (let h = 0; h < HEADINGS; h++) {
          const cx = h * cell + cell / 2;
          const theta = (h / HEADINGS) * Math.PI * 2;
          ctx.globalAlpha = faded ? 0.45 : 1;
          ctx.fillStyle = STATUS_COLOURS[status];
          ctx.beginPath();
          ctx.arc(cx, cy, radius, 0, Math.PI * 2);
          ctx.fill();
          ctx.globalAlpha = 1;
          ctx.beginPath();
          ctx.moveTo(cx, cy);
          ctx.lineTo(cx + Math.cos(theta) * radius * 1.6, cy - Math.sin(theta) * radius * 1.6);
          ctx.stroke();
        }
      }
    });
    this.atlas = { radius, text, canvas, cell };
    return this.atlas;
  }
}

/** The sprite's column for a heading (radians, any turn). */
function headingColumn(theta: number): number {
  const h = Math.round((theta / (Math.PI * 2)) * HEADINGS) % HEADINGS;
  return h < 0 ? h + HEADINGS : h;
}

/** The sprite's row for a status (its index in ROBOT_STATUSES) and whether the robot is faded. */
function statusRow(statusIndex: number, faded: boolean): number {
  return statusIndex * 2 + (faded ? 1 : 0);
}

/** The sprite's cell in the sheet, counted row by row. */
export function spriteCell(theta: number, statusIndex: number, faded: boolean): number {
  return statusRow(statusIndex, faded) * HEADINGS + headingColumn(theta);
}
