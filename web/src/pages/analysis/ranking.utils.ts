import type { KpiId, RankingRow } from '@fleet/contract';

export type SortOrder = 'ascend' | 'descend' | null | undefined;

/**
 * A ranking column's comparator: by the figure, rows without it ("–") last whichever way the column is sorted
 * (the table reverses the comparator for descending order, hence the order it is given).
 */
export function byKpi(id: KpiId) {
  return (a: RankingRow, b: RankingRow, order?: SortOrder): number => {
    const x = a.values[id] ?? null;
    const y = b.values[id] ?? null;
    if (x === null && y === null) return 0;
    if (x === null) return order === 'descend' ? -1 : 1;
    if (y === null) return order === 'descend' ? 1 : -1;
    return x - y;
  };
}

/** Rows in the order a table shows them for a column and order: what the user sees when they click a header. */
export function sortRows(rows: readonly RankingRow[], id: KpiId, order: 'ascend' | 'descend'): RankingRow[] {
  const compare = byKpi(id);
  return [...rows].sort((a, b) => (order === 'descend' ? -compare(a, b, order) : compare(a, b, order)));
}
