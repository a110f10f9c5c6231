import { useEffect, useReducer } from 'react';
import { nextTileState, TILE_TIMEOUT_MS } from './world-map.utils';

/** Whether the map's tile server answers; handlers go on the tile layer. */
export function useTileState() {
  const [state, dispatch] = useReducer(nextTileState, 'loading');
  useEffect(() => {
    const timer = setTimeout(() => dispatch('timeout'), TILE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, []);
  return {
    state,
    onTileLoad: () => dispatch('tileload'),
    onTileError: () => dispatch('tileerror'),
  };
}
