import { useSearchParams } from 'react-router';

/**
 * The building a lifts screen shows, kept in the address (`?building=`) so a reload or a link keeps it; the
 * first building until one is chosen.
 */
export function useBuildingParam(
  buildings: ReadonlyArray<{ id: string }> | undefined,
): [string | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = params.get('building');
  const id = buildings?.some((b) => b.id === chosen) ? chosen : (buildings?.[0]?.id ?? null);
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
