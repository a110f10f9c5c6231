import { KPI_META, type KpiCard, type KpiId } from '@fleet/contract';
import { formatKpi, type KpiFormat } from './kpi-format.utils';

/**
 * Areas a company may not have at all (no lifts, no call buttons, no cleaning robots): their cards are hidden when
 * both periods are empty, rather than showing a row of zeros.
 */
export const OPTIONAL_KPIS: ReadonlySet<KpiId> = new Set<KpiId>([
  'liftRides',
  'liftWait',
  'calls',
  'cleanedArea',
  'coverage',
  'areaPerHour',
]);

const empty = (v: number | null) => v === null || v === 0;

export function visibleCards(cards: readonly KpiCard[]): KpiCard[] {
  return cards.filter((c) => !OPTIONAL_KPIS.has(c.id) || !empty(c.value) || !empty(c.previous));
}

export type Tone = 'good' | 'bad' | 'neutral';

export interface KpiChange {
  direction: 'up' | 'down' | 'flat';
  /** Judged the figure's way: fewer errors is good. */
  tone: Tone;
  /** "+12.5%", "−2.1 pts", "+3" (when the period before was 0). */
  text: string;
}

const sign = (n: number) => (n > 0 ? '+' : n < 0 ? '−' : '±');

/**
 * The change from the period before. Ratios change in percentage points (a relative change of a percentage
 * misleads); other figures in percent of the period before, or by the difference itself when that was zero.
 */
export function kpiChange(
  id: KpiId,
  value: number | null,
  previous: number | null,
  f: KpiFormat,
  points: (value: string) => string,
): KpiChange | null {
  if (value === null || previous === null) return null;
  const delta = value - previous;
  const direction = delta > 0 ? 'up' : delta < 0 ? 'down' : 'flat';
  const better = KPI_META[id].better;
  const tone: Tone =
    direction === 'flat' ? 'neutral' : (direction === 'up') === (better === 'higher') ? 'good' : 'bad';
  const digits = new Intl.NumberFormat(f.locale, { maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(f.locale, { style: 'percent', maximumFractionDigits: 1 });
  let text: string;
  if (KPI_META[id].kind === 'ratio') text = `${sign(delta)}${points(digits.format(Math.abs(delta) * 100))}`;
  else if (previous !== 0) text = `${sign(delta)}${percent.format(Math.abs(delta / previous))}`;
  else text = `${sign(delta)}${formatKpi(id, Math.abs(delta), f)}`;
  return { direction, tone, text };
}

export type TargetState = 'met' | 'missed' | 'unknown' | 'none';

/** Whether the card meets its target: none set, met, missed, or a target without a value to judge. */
export function targetState(card: Pick<KpiCard, 'target' | 'meetsTarget'>): TargetState {
  if (card.target === null) return 'none';
  if (card.meetsTarget === null) return 'unknown';
  return card.meetsTarget ? 'met' : 'missed';
}
