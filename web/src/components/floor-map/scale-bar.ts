import { fromDisplay, type UnitSystem } from '../../units/units';

const STEPS = [1, 2, 5];

/**
 * The longest "round" length (1, 2 or 5 × 10ⁿ in the user's unit: metres or feet) that fits in
 * `maxPixels` at `ppm` pixels per metre. Returns its length in metres and in pixels.
 */
export function scaleBar(
  ppm: number,
  maxPixels: number,
  system: UnitSystem,
): { metres: number; pixels: number } {
  const maxDisplay = toDisplayLength(maxPixels / ppm, system);
  let best = 0;
  const top = Math.floor(Math.log10(Math.max(maxDisplay, 1e-9)));
  for (let exp = top - 1; exp <= top; exp += 1) {
    for (const step of STEPS) {
      const value = step * 10 ** exp;
      if (value <= maxDisplay && value > best) best = value;
    }
  }
  const metres = fromDisplay('length', best, system);
  return { metres, pixels: metres * ppm };
}

function toDisplayLength(metres: number, system: UnitSystem): number {
  // fromDisplay of 1 gives the metres in one display unit
  return metres / fromDisplay('length', 1, system);
}
