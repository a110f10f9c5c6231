import { KPI_IDS, type KpiId } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { chartUnit, chartValue, clockDuration, formatKpi } from './kpi-format.utils';
import { EN_WORDS, imperial, metric } from './kpi-test-words';

describe('formatKpi', () => {
  it.each<[KpiId, number, string, string]>([
    ['tasksDone', 1234, '1,234', '1,234'],
    ['interventionsPer100', 2.345, '2.3', '2.3'],
    ['successRate', 0.9534, '95.3%', '95.3%'],
    ['availability', 1, '100%', '100%'],
    ['distance', 12_345, '12.3 km', '7.7 mi'],
    ['cleanedArea', 1000, '1,000 m²', '10,764 ft²'],
    ['workingHours', 45_000, '12.5 h', '12.5 h'],
    ['mtbf', 360_000, '100 h', '100 h'],
    ['mttr', 3900, '1 h 5 min', '1 h 5 min'],
    ['mttr', 7200, '2 h', '2 h'],
    ['liftWait', 42, '42 s', '42 s'],
    ['liftWait', 150, '3 min', '3 min'],
    ['tasksPerHour', 3.456, '3.46 /h', '3.46 /h'],
    ['areaPerHour', 250, '250 m²/h', '2,691 ft²/h'],
  ])('%s %d reads %s in metric and %s in imperial', (id, value, inMetric, inImperial) => {
    expect(formatKpi(id, value, metric)).toBe(inMetric);
    expect(formatKpi(id, value, imperial)).toBe(inImperial);
  });

  it.each(KPI_IDS.map((id) => [id]))('%s without a value is a dash, never 0', (id) => {
    expect(formatKpi(id, null, metric)).toBe('–');
    expect(formatKpi(id, Number.NaN, metric)).toBe('–');
  });

  it('groups digits for Chinese too', () => {
    expect(formatKpi('distance', 1_234_567, { ...metric, locale: 'zh-CN' })).toBe('1,234.6 km');
  });
});

describe('clockDuration', () => {
  it.each([
    [0, '0 s'],
    [59, '59 s'],
    [60, '1 min'],
    [3569, '59 min'],
    [3570, '1 h'],
    [5400, '1 h 30 min'],
    [90_000, '25 h'],
  ])('%d s reads %s', (seconds, expected) => {
    expect(clockDuration(seconds, metric)).toBe(expected);
  });
});

describe('chartValue and chartUnit', () => {
  it.each<[KpiId, number, 'metric' | 'imperial', number, string]>([
    ['availability', 0.5, 'metric', 50, '%'],
    ['distance', 1609.344, 'imperial', 1, 'mi'],
    ['distance', 2500, 'metric', 2.5, 'km'],
    ['workingHours', 5400, 'metric', 1.5, 'h'],
    ['mttr', 5400, 'metric', 90, 'min'],
    ['liftWait', 30, 'metric', 0.5, 'min'],
    ['cleanedArea', 1, 'imperial', 10.7639, 'ft²'],
    ['tasksDone', 7, 'metric', 7, ''],
    ['tasksPerHour', 2, 'metric', 2, '/h'],
  ])('%s %d in %s is plotted as %d %s', (id, value, system, shown, unit) => {
    expect(chartValue(id, value, system)).toBeCloseTo(shown, 3);
    expect(chartUnit(id, system, EN_WORDS)).toBe(unit);
  });

  it('plots nothing (a gap) for a figure without a value', () => {
    expect(chartValue('availability', null, 'metric')).toBeNull();
  });
});
