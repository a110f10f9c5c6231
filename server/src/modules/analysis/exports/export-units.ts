import { KPI_META, type KpiId, type Language } from '@fleet/contract';
import { KPI_NAMES } from './export-words.js';

/* How a figure is written in a file: in the reader's units, with the unit in the column's name. */

export type UnitSystemName = 'metric' | 'imperial';

const M_PER_MILE = 1609.344;
const SQFT_PER_M2 = 10.763910416709722;

export interface ExportUnit {
  symbol: string;
  /** SI value (m, m², s, ratio) to the number written. */
  convert(si: number): number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function unitOf(id: KpiId, units: UnitSystemName): ExportUnit | null {
  const imperial = units === 'imperial';
  switch (KPI_META[id].kind) {
    case 'ratio':
      return { symbol: '%', convert: (v) => round(v * 100, 2) };
    case 'distance':
      return imperial
        ? { symbol: 'mi', convert: (v) => round(v / M_PER_MILE, 3) }
        : { symbol: 'km', convert: (v) => round(v / 1000, 3) };
    case 'area':
      return imperial
        ? { symbol: 'ft²', convert: (v) => round(v * SQFT_PER_M2, 1) }
        : { symbol: 'm²', convert: (v) => round(v, 1) };
    case 'areaPerHour':
      return imperial
        ? { symbol: 'ft²/h', convert: (v) => round(v * SQFT_PER_M2, 1) }
        : { symbol: 'm²/h', convert: (v) => round(v, 1) };
    case 'duration':
      return id === 'liftWait'
        ? { symbol: 's', convert: (v) => round(v, 1) }
        : { symbol: 'h', convert: (v) => round(v / 3600, 2) };
    case 'perHour':
      return { symbol: '/h', convert: (v) => round(v, 2) };
    case 'count':
      return id === 'interventionsPer100' ? { symbol: '', convert: (v) => round(v, 2) } : null;
  }
}

/** A KPI's column name with its unit, e.g. "Distance (km)". */
export function kpiColumn(id: KpiId, lang: Language, units: UnitSystemName): string {
  const u = unitOf(id, units);
  return u?.symbol ? `${KPI_NAMES[id][lang]} (${u.symbol})` : KPI_NAMES[id][lang];
}

/** A KPI's value as written: converted, or empty when there is none. */
export function kpiCell(id: KpiId, value: number | null, units: UnitSystemName): number | null {
  if (value === null) return null;
  const u = unitOf(id, units);
  return u ? u.convert(value) : value;
}

/** A length in the reader's units (m or ft for a task's path). */
export function pathLength(m: number, units: UnitSystemName): number {
  return units === 'imperial' ? round(m / 0.3048, 1) : round(m, 1);
}

export function area(m2: number, units: UnitSystemName): number {
  return units === 'imperial' ? round(m2 * SQFT_PER_M2, 1) : round(m2, 1);
}
