import type { KpiId, KpiTargets } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  formToTargets,
  shownTarget,
  storedTarget,
  summariseTargets,
  targetsToForm,
  targetUnit,
} from './targets.utils';

describe('targetUnit', () => {
  it.each([
    ['successRate', 'percent'],
    ['availability', 'percent'],
    ['mtbf', 'hours'],
    ['mttr', 'hours'],
    ['workingHours', 'hours'],
    ['liftWait', 'seconds'],
    ['distance', 'distance'],
    ['cleanedArea', 'area'],
    ['areaPerHour', 'areaPerHour'],
    ['tasksPerHour', 'perHour'],
    ['errors', 'count'],
  ] as const)('%s is typed in %s', (id, unit) => {
    expect(targetUnit(id)).toBe(unit);
  });
});

describe('a target as typed and as stored', () => {
  it.each([
    ['successRate', 0.95, 'metric', 95],
    ['coverage', 0.333, 'metric', 33.3],
    ['mttr', 1800, 'metric', 0.5],
    ['mtbf', 36_000, 'imperial', 10],
    ['liftWait', 45, 'metric', 45],
    ['distance', 12_000, 'metric', 12],
    ['distance', 16_093.44, 'imperial', 10],
    ['cleanedArea', 1000, 'metric', 1000],
    ['cleanedArea', 92.90304, 'imperial', 1000],
    ['areaPerHour', 185.80608, 'imperial', 2000],
    ['tasksPerHour', 2.5, 'imperial', 2.5],
    ['interventionsPer100', 3, 'metric', 3],
  ] as const)('%s stored %d shows in %s as %d', (id, stored, system, shown) => {
    expect(shownTarget(id, stored, system)).toBe(shown);
    expect(storedTarget(id, shown, system)).toBeCloseTo(stored, 6);
  });

  it('stores a percent without floating-point dust', () => {
    expect(storedTarget('successRate', 33.3, 'metric')).toBe(0.333);
    expect(storedTarget('availability', 57, 'metric')).toBe(0.57);
  });
});

describe('formToTargets', () => {
  it('leaves out what is empty, so it inherits from the wider scope', () => {
    expect(formToTargets({ availability: 90, mttr: null, errors: undefined }, 'metric')).toEqual({
      availability: 0.9,
    });
  });

  it('keeps a stored number exactly when its field was not changed, even in other units', () => {
    const stored: KpiTargets = { cleanedArea: 10_000, distance: 5000 };
    const form = targetsToForm(stored, 'imperial');
    expect(form.cleanedArea).toBe(107_639.1);
    expect(formToTargets(form, 'imperial', stored)).toEqual(stored);
  });

  it('converts a field that was changed', () => {
    const stored: KpiTargets = { cleanedArea: 10_000 };
    const saved = formToTargets({ cleanedArea: 20_000 }, 'imperial', stored);
    expect(saved.cleanedArea).toBeCloseTo(1858.06, 2);
  });

  it('shows ratios of the demo as whole percent and repairs in hours', () => {
    expect(targetsToForm({ availability: 0.95, utilisation: 0.5, mttr: 1800 }, 'metric')).toEqual({
      availability: 95,
      utilisation: 50,
      mttr: 0.5,
    });
  });
});

describe('summariseTargets', () => {
  const words = {
    name: (id: KpiId) => id,
    value: (_: KpiId, v: number) => String(v),
    none: 'all inherited',
  };

  it('lists the set targets in the order of the KPI cards', () => {
    expect(summariseTargets({ mttr: 1800, successRate: 0.9, availability: 0.95 }, words)).toBe(
      'successRate 0.9 · availability 0.95 · mttr 1800',
    );
  });

  it('says when nothing is set here', () => {
    expect(summariseTargets({}, words)).toBe('all inherited');
  });
});
