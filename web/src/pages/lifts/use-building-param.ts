import { useSearchParams } from 'react-router';

/**
 * The building a lifts screen shows, kept in the address (`?building=`) so a reload or a link keeps it. Until one
 * is chosen: the first of `preferred` (buildings that have lifts), else the first building.
 */
export function useBuildingParam(
  buildings: ReadonlyArray<{ id: string }> | undefined,
  preferred: readonly string[] = [],
): [string | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('building');
  const known = (id: string | null | undefined) => (id && buildings?.some((b) => b.id === id) ? id : null);
  const id = known(chosen) ?? preferred.map(known).find((p) => p !== null) ?? buildings?.[0]?.id ?? null;
  const choose = (next: string) =>
    setParams(
      (p) => {
        p.set('building', next);
        return p;
      },
      { replace: true },
    );
  return [id, choose];
}
