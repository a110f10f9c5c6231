import type { AnalysisOptions } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import {
  defaultView,
  filterOf,
  isCalendarDate,
  knownOnly,
  parseView,
  statesDay,
  writeView,
} from './analysis-url.utils';

const TODAY = '2026-08-16';
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const parse = (query: string) => parseView(new URLSearchParams(query), TODAY);

describe('parseView', () => {
  it('opens on the last 7 days by day, compared with the 7 before, when the address says nothing', () => {
    expect(parse('')).toEqual({
      companyIds: [],
      buildingIds: [],
      robotIds: [],
      models: [],
      from: '2026-08-10',
      to: TODAY,
      granularity: 'day',
      compare: true,
      kpi: 'tasksDone',
      rankBy: 'robot',
      day: null,
    });
  });

  it('reads back every part of a shared link', () => {
    const view = parse(
      `company=${A}&building=${B}&robot=${A}&model=W3&model=T8&from=2026-07-01&to=2026-07-31&granularity=week&compare=0&kpi=mttr&rankBy=model&day=2026-07-04`,
    );
    expect(view).toEqual({
      companyIds: [A],
      buildingIds: [B],
      robotIds: [A],
      models: ['W3', 'T8'],
      from: '2026-07-01',
      to: '2026-07-31',
      granularity: 'week',
      compare: false,
      kpi: 'mttr',
      rankBy: 'model',
      day: '2026-07-04',
    });
  });

  it.each([
    ['a date that does not exist', 'from=2026-02-30&to=2026-03-02'],
    ['a last day before the first', 'from=2026-08-10&to=2026-08-01'],
    ['more than two years', 'from=2023-01-01&to=2026-01-01'],
    ['words', 'from=yesterday&to=today'],
    ['only one end', 'from=2026-08-01'],
  ])('falls back to the last 7 days for %s', (_, query) => {
    const view = parse(query);
    expect([view.from, view.to]).toEqual(['2026-08-10', TODAY]);
  });

  it.each([
    ['an unknown granularity', 'granularity=minute', 'granularity', 'day'],
    ['an unknown figure', 'kpi=profit', 'kpi', 'tasksDone'],
    ['an unknown ranking', 'rankBy=floor', 'rankBy', 'robot'],
    ['a compare flag that is not off', 'compare=maybe', 'compare', true],
    ['a day outside the range', 'day=2026-01-01', 'day', null],
  ] as const)('ignores %s', (_, query, field, expected) => {
    expect(parse(query)[field]).toEqual(expected);
  });

  it('shows days instead of hours for a range longer than 31 days (the contract refuses more hours)', () => {
    expect(parse('from=2026-07-01&to=2026-07-31&granularity=hour').granularity).toBe('hour');
    expect(parse('from=2026-07-01&to=2026-08-01&granularity=hour').granularity).toBe('day');
  });

  it('keeps only well-formed ids, each once', () => {
    expect(parse(`robot=${A}&robot=nope&robot=${A}&building=1`).robotIds).toEqual([A]);
    expect(parse(`robot=${A}&building=1`).buildingIds).toEqual([]);
  });
});

describe('writeView', () => {
  it('round-trips through the address', () => {
    const view = { ...defaultView(TODAY), robotIds: [A, B], models: ['W3'], granularity: 'hour' as const };
    expect(parseView(writeView(view, TODAY), TODAY)).toEqual(view);
  });

  it('leaves defaults out but always writes the range', () => {
    expect(writeView(defaultView(TODAY), TODAY).toString()).toBe('from=2026-08-10&to=2026-08-16');
  });
});

describe('knownOnly', () => {
  it('drops what the options no longer offer', () => {
    const options: AnalysisOptions = {
      companies: [{ id: A, name: 'Acme', isSubsidiary: false }],
      buildings: [],
      robots: [{ id: B, companyId: A, name: 'R1', model: 'W3', buildingId: null }],
      models: ['W3'],
      firstDay: null,
    };
    const view = {
      ...defaultView(TODAY),
      companyIds: [A, B],
      buildingIds: [A],
      robotIds: [A, B],
      models: ['X', 'W3'],
    };
    const known = knownOnly(view, options);
    expect([known.companyIds, known.buildingIds, known.robotIds, known.models]).toEqual([
      [A],
      [],
      [B],
      ['W3'],
    ]);
  });
});

describe('filterOf', () => {
  it('leaves empty lists out, so the server reads them as "all"', () => {
    expect(filterOf({ ...defaultView(TODAY), models: ['W3'] })).toEqual({
      from: '2026-08-10',
      to: TODAY,
      models: ['W3'],
      granularity: 'day',
      compare: true,
    });
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    [null, false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });
});

describe('statesDay', () => {
  it('shows the chosen day', () => {
    expect(statesDay({ from: '2026-08-10', to: TODAY, day: '2026-08-12' }, TODAY)).toBe('2026-08-12');
  });

  it('shows yesterday rather than a today that has only begun', () => {
    expect(statesDay({ from: '2026-08-10', to: TODAY, day: null }, TODAY)).toBe('2026-08-15');
  });

  it('shows the last day of a range in the past, and today when the range is today alone', () => {
    expect(statesDay({ from: '2026-07-01', to: '2026-07-31', day: null }, TODAY)).toBe('2026-07-31');
    expect(statesDay({ from: TODAY, to: TODAY, day: null }, TODAY)).toBe(TODAY);
  });
});
