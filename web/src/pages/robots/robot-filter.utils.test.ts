import { describe, expect, it } from 'vitest';
import { liveRobotFixture as robot } from '../../live/live-robot.fixture';
import {
  byAttentionThenName,
  countByStatus,
  filterRobots,
  modelsOf,
  NO_FILTER,
  sortByAttentionThenName,
} from './robot-filter.utils';

const fleet = [
  robot({
    id: '1',
    name: 'Courier 10',
    serialNumber: 'SN-0010',
    model: 'Courier',
    status: 'idle',
    buildingId: 'b1',
  }),
  robot({
    id: '2',
    name: 'Courier 2',
    serialNumber: 'SN-0002',
    model: 'Courier',
    status: 'error',
    buildingId: 'b2',
  }),
  robot({
    id: '3',
    name: 'Cleaner',
    serialNumber: 'CL-77',
    model: 'Scrubber',
    status: 'working',
    buildingId: 'b1',
  }),
  robot({
    id: '4',
    name: 'Lost',
    serialNumber: 'X-1',
    model: 'Courier',
    status: 'offline',
    buildingId: null,
  }),
];
const ids = (list: { id: string }[]) => list.map((r) => r.id);

describe('filterRobots', () => {
  it.each([
    ['  courier ', ['1', '2']],
    ['sn-00', ['1', '2']],
    ['CL-77', ['3']],
    ['', ['1', '2', '3', '4']],
    ['nothing', []],
  ])('search %j (trimmed, any case, name or serial) → %j', (search, expected) => {
    expect(ids(filterRobots(fleet, { ...NO_FILTER, search }))).toEqual(expected);
  });

  it('filters by building, status and model together', () => {
    expect(ids(filterRobots(fleet, { ...NO_FILTER, buildingId: 'b1' }))).toEqual(['1', '3']);
    expect(ids(filterRobots(fleet, { ...NO_FILTER, statuses: ['error', 'offline'] }))).toEqual(['2', '4']);
    expect(ids(filterRobots(fleet, { ...NO_FILTER, model: 'Courier', buildingId: 'b1' }))).toEqual(['1']);
  });
});

describe('sorting and summaries', () => {
  it('puts robots in trouble first, then names in natural order', () => {
    const healthy = [
      robot({ id: 'a', name: 'R 10', status: 'idle' }),
      robot({ id: 'b', name: 'R 9', status: 'idle' }),
      robot({ id: 'c', name: 'Z', status: 'error' }),
    ];
    expect(ids([...healthy].sort(byAttentionThenName))).toEqual(['c', 'b', 'a']);
    expect(ids(sortByAttentionThenName(healthy))).toEqual(['c', 'b', 'a']);
  });

  it('sorts ten thousand robots the same way, quickly, and again after a new name appears', () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      robot({
        id: String(i),
        name: `Courier ${(i * 7919) % 10_000}`,
        status: i % 97 === 0 ? 'error' : 'working',
      }),
    );
    const started = performance.now();
    const sorted = sortByAttentionThenName(many);
    sortByAttentionThenName(many);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ids(sorted)).toEqual(ids([...many].sort(byAttentionThenName)));
    const renamed = [...many, robot({ id: 'new', name: 'Courier 0.5', status: 'working' })];
    expect(ids(sortByAttentionThenName(renamed))).toEqual(ids([...renamed].sort(byAttentionThenName)));
  });

  it('lists each model once, sorted', () => {
    expect(modelsOf(fleet)).toEqual(['Courier', 'Scrubber']);
  });

  it('counts robots per status', () => {
    expect(countByStatus(fleet)).toEqual({
      working: 1,
      idle: 1,
      charging: 0,
      paused: 0,
      error: 1,
      offline: 1,
    });
  });
});
