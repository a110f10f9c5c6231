import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { type BuildingPlace, paramsOf, placeOf } from './building-place.utils';

/**
 * The screen's place and a way to move: opening a building is a step the browser's Back undoes; switching
 * floors or views replaces the entry, so Back leaves the building rather than walking its floors.
 */
export function useBuildingPlace() {
  const [params, setParams] = useSearchParams();
  const place = placeOf(params);
  const go = useCallback(
    (next: BuildingPlace, options: { replace?: boolean } = {}) =>
      setParams(paramsOf(next), { replace: options.replace ?? false }),
    [setParams],
  );
  return { place, go };
}
