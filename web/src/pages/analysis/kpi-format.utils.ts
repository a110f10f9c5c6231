import { KPI_META, type KpiId } from '@fleet/contract';
import { formatQuantity, toDisplay, type UnitSystem, unitSymbol } from '../../units/units';

/** Words the numbers need, in the user's language (`{{value}} h`, `{{value}} 小时`). */
export interface KpiWords {
  hours: (value: string) => string;
  minutes: (value: string) => string;
  seconds: (value: string) => string;
  perHour: (value: string) => string;
  /** The unit words of an axis of hours or minutes ("h", "小时"; "min", "分钟"). */
  hourUnit: string;
  minuteUnit: string;
}

export interface KpiFormat {
  system: UnitSystem;
  /** BCP 47, for digits and grouping. */
  locale: string;
  words: KpiWords;
}

/** Short durations read better as "1 h 5 min" than as "1.1 h": a repair, a wait for a lift. */
const CLOCK_DURATIONS: ReadonlySet<KpiId> = new Set<KpiId>(['mttr', 'liftWait']);

const DASH = '–';

function number(value: number, locale: string, digits: number): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: digits }).format(
    value,
  );
}

/** Seconds as "45 s", "12 min" or "1 h 5 min", rounded to the minute from a minute on. */
export function clockDuration(seconds: number, f: KpiFormat): string {
  if (seconds < 59.5) return f.words.seconds(number(Math.round(seconds), f.locale, 0));
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return f.words.minutes(number(minutes, f.locale, 0));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = f.words.hours(number(h, f.locale, 0));
  return m ? `${hours} ${f.words.minutes(number(m, f.locale, 0))}` : hours;
}

/** A figure as its card shows it: ratios as percent, lengths and areas in the user's units, time in hours. */
export function formatKpi(id: KpiId, value: number | null | undefined, f: KpiFormat): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return DASH;
  const { kind } = KPI_META[id];
  const options = { system: f.system, locale: f.locale };
  switch (kind) {
    case 'count':
      return number(value, f.locale, 1);
    case 'ratio':
      return new Intl.NumberFormat(f.locale, { style: 'percent', maximumFractionDigits: 1 }).format(value);
    case 'distance':
      return formatQuantity('distance', value, { ...options, digits: 1 });
    case 'area':
      return formatQuantity('area', value, { ...options, digits: 0 });
    case 'duration':
      return CLOCK_DURATIONS.has(id)
        ? clockDuration(value, f)
        : f.words.hours(number(value / 3600, f.locale, 1));
    case 'perHour':
      return f.words.perHour(number(value, f.locale, 2));
    case 'areaPerHour':
      return formatQuantity('areaPerHour', value, { ...options, digits: 0 });
  }
}

/**
 * The number a chart plots for a figure, in the unit its axis names (percent, km or mi, m² or ft², hours; minutes
 * for a repair or a lift wait, which the cards show in minutes too).
 */
export function chartValue(id: KpiId, value: number | null, system: UnitSystem): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  if (CLOCK_DURATIONS.has(id)) return value / 60;
  switch (KPI_META[id].kind) {
    case 'ratio':
      return value * 100;
    case 'distance':
      return toDisplay('distance', value, system);
    case 'area':
      return toDisplay('area', value, system);
    case 'duration':
      return value / 3600;
    case 'areaPerHour':
      return toDisplay('areaPerHour', value, system);
    case 'count':
    case 'perHour':
      return value;
  }
}

/** The unit of a figure's axis; empty for counts. */
export function chartUnit(id: KpiId, system: UnitSystem, words: KpiWords): string {
  if (CLOCK_DURATIONS.has(id)) return words.minuteUnit;
  switch (KPI_META[id].kind) {
    case 'ratio':
      return '%';
    case 'distance':
      return unitSymbol('distance', system);
    case 'area':
      return unitSymbol('area', system);
    case 'duration':
      return words.hourUnit;
    case 'areaPerHour':
      return unitSymbol('areaPerHour', system);
    case 'perHour':
      return words.perHour('').trim();
    case 'count':
      return '';
  }
}
