import { KPI_IDS, type KpiId, type RankingRow } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { sortRows } from './ranking.utils';

const row = (name: string, availability: number | null): RankingRow => ({
  key: name,
  name,
  buildingName: null,
  model: null,
  robots: 1,
  values: {
    ...(Object.fromEntries(KPI_IDS.map((id) => [id, 0])) as Record<KpiId, number | null>),
    availability,
  },
});

describe('sortRows', () => {
  const rows = [row('a', 0.5), row('b', null), row('c', 0.9), row('d', 0.7)];

  it('puts the best availability first when sorted descending, and robots without one last', () => {
    expect(sortRows(rows, 'availability', 'descend').map((r) => r.name)).toEqual(['c', 'd', 'a', 'b']);
  });

  it('keeps robots without a value last when sorted ascending too', () => {
    expect(sortRows(rows, 'availability', 'ascend').map((r) => r.name)).toEqual(['a', 'd', 'c', 'b']);
  });
});
