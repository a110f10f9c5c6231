import { KPI_IDS, KPI_META, type KpiId, type KpiTargets } from '@fleet/contract';
import { fromDisplay, type Quantity, toDisplay, type UnitSystem } from '../../../units/units';

/** How a target is typed: ratios in percent, durations in hours (a lift wait in seconds), measures in the user's units. */
export type TargetUnit = 'percent' | 'hours' | 'seconds' | 'perHour' | 'count' | Quantity;

export function targetUnit(id: KpiId): TargetUnit {
  const { kind } = KPI_META[id];
  switch (kind) {
    case 'ratio':
      return 'percent';
    case 'duration':
      return id === 'liftWait' ? 'seconds' : 'hours';
    case 'distance':
    case 'area':
    case 'areaPerHour':
      return kind;
    case 'perHour':
    case 'count':
      return kind;
  }
}

/** The form's numbers: a KPI left empty inherits the wider scope's target. */
export type TargetsForm = Partial<Record<KpiId, number | null>>;

// Enough digits that a typed value survives the trip, few enough to hide floating-point dust (0.1 + 0.2).
const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** A stored target (SI: 0..1, seconds, metres, m²) as the field shows it. */
export function shownTarget(id: KpiId, stored: number, system: UnitSystem): number {
  const unit = targetUnit(id);
  switch (unit) {
    case 'percent':
      return round(stored * 100, 4);
    case 'hours':
      return round(stored / 3600, 4);
    case 'distance':
    case 'area':
    case 'areaPerHour':
      return round(toDisplay(unit, stored, system), 2);
    default:
      return stored;
  }
}

/** A typed target back to what is stored. */
export function storedTarget(id: KpiId, shown: number, system: UnitSystem): number {
  const unit = targetUnit(id);
  switch (unit) {
    case 'percent':
      return round(shown / 100, 6);
    case 'hours':
      return round(shown * 3600, 3);
    case 'distance':
    case 'area':
    case 'areaPerHour':
      return round(fromDisplay(unit, shown, system), 6);
    default:
      return shown;
  }
}

export function targetsToForm(targets: KpiTargets, system: UnitSystem): TargetsForm {
  const form: TargetsForm = {};
  for (const id of KPI_IDS) {
    const stored = targets[id];
    if (stored !== undefined) form[id] = shownTarget(id, stored, system);
  }
  return form;
}

/**
 * The targets to save. A field left as it was shown keeps the stored number exactly: 10 000 m² seen as
 * 107 639.1 ft² and saved unchanged must not come back as 9 999.99 m².
 */
export function formToTargets(form: TargetsForm, system: UnitSystem, previous: KpiTargets = {}): KpiTargets {
  const targets: KpiTargets = {};
  for (const id of KPI_IDS) {
    const shown = form[id];
    if (shown === null || shown === undefined || !Number.isFinite(shown)) continue;
    const before = previous[id];
    targets[id] =
      before !== undefined && shownTarget(id, before, system) === shown
        ? before
        : storedTarget(id, shown, system);
  }
  return targets;
}

/** Words of a targets summary: each KPI's name and its value formatted as the cards show it. */
export interface TargetWords {
  name: (id: KpiId) => string;
  value: (id: KpiId, stored: number) => string;
  /** No target at this scope: every KPI inherits. */
  none: string;
}

/** "Availability 95 % · MTTR 30 min", in the order of the KPI cards. */
export function summariseTargets(targets: KpiTargets, words: TargetWords): string {
  const parts = KPI_IDS.flatMap((id) => {
    const stored = targets[id];
    return stored === undefined ? [] : [`${words.name(id)} ${words.value(id, stored)}`];
  });
  return parts.length ? parts.join(' · ') : words.none;
}
