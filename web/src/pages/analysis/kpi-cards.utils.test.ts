import type { KpiCard, KpiId } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { kpiChange, targetState, visibleCards } from './kpi-cards.utils';
import { metric } from './kpi-test-words';

const points = (v: string) => `${v} pts`;
const card = (id: KpiId, value: number | null, previous: number | null): KpiCard => ({
  id,
  value,
  previous,
  target: null,
  meetsTarget: null,
});

describe('visibleCards', () => {
  it('hides lifts, calls and cleaning when the company has none in either period', () => {
    const shown = visibleCards([
      card('tasksDone', 0, 0),
      card('liftRides', 0, null),
      card('liftWait', null, null),
      card('calls', 0, 3),
      card('cleanedArea', 12, 0),
      card('coverage', null, null),
    ]).map((c) => c.id);
    expect(shown).toEqual(['tasksDone', 'calls', 'cleanedArea']);
  });
});

describe('kpiChange', () => {
  it.each<[KpiId, number, number, string, string, string]>([
    ['tasksDone', 120, 100, 'up', 'good', '+20%'],
    ['tasksDone', 80, 100, 'down', 'bad', '−20%'],
    ['errors', 80, 100, 'down', 'good', '−20%'],
    ['errors', 150, 100, 'up', 'bad', '+50%'],
    ['mttr', 1800, 3600, 'down', 'good', '−50%'],
    ['availability', 0.95, 0.9, 'up', 'good', '+5 pts'],
    ['successRate', 0.9, 0.925, 'down', 'bad', '−2.5 pts'],
    ['tasksDone', 100, 100, 'flat', 'neutral', '±0%'],
    ['tasksDone', 5, 0, 'up', 'good', '+5'],
    ['distance', 2000, 0, 'up', 'good', '+2 km'],
  ])('%s %d after %d goes %s, %s: %s', (id, value, previous, direction, tone, text) => {
    expect(kpiChange(id, value, previous, metric, points)).toEqual({ direction, tone, text });
  });

  it('has nothing to say without both periods', () => {
    expect(kpiChange('tasksDone', 5, null, metric, points)).toBeNull();
    expect(kpiChange('availability', null, 0.9, metric, points)).toBeNull();
  });
});

describe('targetState', () => {
  it.each([
    [null, null, 'none'],
    [0.95, true, 'met'],
    [0.95, false, 'missed'],
    [0.95, null, 'unknown'],
  ] as const)('target %s, meets %s → %s', (target, meetsTarget, expected) => {
    expect(targetState({ target, meetsTarget })).toBe(expected);
  });
});
