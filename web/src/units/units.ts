/**
 * Every length, area and speed the console shows goes through here. Values are stored and exchanged in SI
 * (metres, square metres, metres per second); only display converts.
 */
export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export function isUnitSystem(value: unknown): value is UnitSystem {
  return value === 'metric' || value === 'imperial';
}

const FEET_PER_METRE = 1 / 0.3048;
const SQUARE_FEET_PER_SQUARE_METRE = FEET_PER_METRE ** 2;
const MILES_PER_METRE = 1 / 1609.344;

/**
 * `length`: on a floor (a map, a path); `distance`: a fleet's travel over days, in km or mi; `areaPerHour`: how
 * fast cleaning covers floor, from square metres per hour.
 */
export type Quantity = 'length' | 'area' | 'speed' | 'distance' | 'areaPerHour';

interface UnitDef {
  symbol: string;
  fromSi: number;
}

// Indoor robots move at walking pace on maps drawn in feet; ft/s keeps speed in the same length unit as the
// map and avoids 0.x mph figures that hide differences between robots.
const UNITS: Record<UnitSystem, Record<Quantity, UnitDef>> = {
  metric: {
    length: { symbol: 'm', fromSi: 1 },
    area: { symbol: 'm²', fromSi: 1 },
    speed: { symbol: 'm/s', fromSi: 1 },
    distance: { symbol: 'km', fromSi: 0.001 },
    areaPerHour: { symbol: 'm²/h', fromSi: 1 },
  },
  imperial: {
    length: { symbol: 'ft', fromSi: FEET_PER_METRE },
    area: { symbol: 'ft²', fromSi: SQUARE_FEET_PER_SQUARE_METRE },
    speed: { symbol: 'ft/s', fromSi: FEET_PER_METRE },
    distance: { symbol: 'mi', fromSi: MILES_PER_METRE },
    areaPerHour: { symbol: 'ft²/h', fromSi: SQUARE_FEET_PER_SQUARE_METRE },
  },
};

export function unitSymbol(quantity: Quantity, system: UnitSystem): string {
  return UNITS[system][quantity].symbol;
}

/** SI value (metres, m², m/s, m²/h) to the number shown in `system`. */
export function toDisplay(quantity: Quantity, siValue: number, system: UnitSystem): number {
  return siValue * UNITS[system][quantity].fromSi;
}

/** A number typed in `system` back to SI, for forms that take lengths, areas or speeds. */
export function fromDisplay(quantity: Quantity, shown: number, system: UnitSystem): number {
  return shown / UNITS[system][quantity].fromSi;
}

export interface FormatOptions {
  system: UnitSystem;
  /** BCP 47 language for digit grouping (en: 1,234.5; zh: 1,234.5). */
  locale?: string;
  /** Digits after the decimal point; default 1. */
  digits?: number;
}

export function formatQuantity(
  quantity: Quantity,
  siValue: number | null | undefined,
  options: FormatOptions,
): string {
  if (siValue === null || siValue === undefined || !Number.isFinite(siValue)) return '–';
  const digits = options.digits ?? 1;
  const number = new Intl.NumberFormat(options.locale ?? 'en', {
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(toDisplay(quantity, siValue, options.system));
  return `${number} ${unitSymbol(quantity, options.system)}`;
}

export const formatLength = (metres: number | null | undefined, options: FormatOptions) =>
  formatQuantity('length', metres, options);
export const formatArea = (squareMetres: number | null | undefined, options: FormatOptions) =>
  formatQuantity('area', squareMetres, options);
export const formatSpeed = (metresPerSecond: number | null | undefined, options: FormatOptions) =>
  formatQuantity('speed', metresPerSecond, options);
export const formatDistance = (metres: number | null | undefined, options: FormatOptions) =>
  formatQuantity('distance', metres, options);
export const formatAreaPerHour = (squareMetresPerHour: number | null | undefined, options: FormatOptions) =>
  formatQuantity('areaPerHour', squareMetresPerHour, options);
