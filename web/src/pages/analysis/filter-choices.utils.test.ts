import type { AnalysisOptions } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { defaultView } from './analysis-url.utils';
import { buildingChoices, narrowView, robotChoices, robotsWithoutBuilding } from './filter-choices.utils';

const OPTIONS: AnalysisOptions = {
  companies: [
    { id: 'c1', name: 'Acme', isSubsidiary: false },
    { id: 'c2', name: 'Acme East', isSubsidiary: true },
  ],
  buildings: [
    { id: 'b2', companyId: 'c2', name: 'East Depot', timeZone: 'Asia/Shanghai' },
    { id: 'b1', companyId: 'c1', name: 'Acme Tower', timeZone: 'Europe/Berlin' },
  ],
  robots: [
    { id: 'r10', companyId: 'c1', name: 'Bot 10', model: 'W3', buildingId: 'b1' },
    { id: 'r2', companyId: 'c1', name: 'Bot 2', model: 'T8', buildingId: 'b1' },
    { id: 'r3', companyId: 'c2', name: 'Bot 3', model: 'W3', buildingId: 'b2' },
    { id: 'r4', companyId: 'c1', name: 'Bot 4', model: 'W3', buildingId: null },
  ],
  models: ['T8', 'W3'],
  firstDay: '2026-07-01',
};
const view = defaultView('2026-08-16');

describe('choices', () => {
  it('offers every building and robot by name when nothing is chosen (Bot 2 before Bot 10)', () => {
    expect(buildingChoices(OPTIONS, view).map((b) => b.name)).toEqual(['Acme Tower', 'East Depot']);
    expect(robotChoices(OPTIONS, view).map((r) => r.id)).toEqual(['r2', 'r3', 'r4', 'r10']);
  });

  it('offers only what the chosen company, building and model leave', () => {
    expect(buildingChoices(OPTIONS, { companyIds: ['c2'] }).map((b) => b.id)).toEqual(['b2']);
    expect(robotChoices(OPTIONS, { ...view, buildingIds: ['b1'] }).map((r) => r.id)).toEqual(['r2', 'r10']);
    expect(robotChoices(OPTIONS, { ...view, models: ['W3'], companyIds: ['c1'] }).map((r) => r.id)).toEqual([
      'r4',
      'r10',
    ]);
  });
});

describe('narrowView', () => {
  it('drops buildings and robots a new company or model leaves out', () => {
    const next = narrowView(
      { ...view, companyIds: ['c2'], buildingIds: ['b1', 'b2'], robotIds: ['r2', 'r3'] },
      OPTIONS,
    );
    expect([next.buildingIds, next.robotIds]).toEqual([['b2'], ['r3']]);
    expect(narrowView({ ...view, models: ['T8'], robotIds: ['r2', 'r10'] }, OPTIONS).robotIds).toEqual([
      'r2',
    ]);
  });
});

describe('robotsWithoutBuilding', () => {
  it('lists the scope’s robots that stand in no building', () => {
    expect(robotsWithoutBuilding(OPTIONS, view)).toEqual(['r4']);
    expect(robotsWithoutBuilding(OPTIONS, { ...view, robotIds: ['r2'] })).toEqual([]);
  });
});
