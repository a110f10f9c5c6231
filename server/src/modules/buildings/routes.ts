import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { buildingHandlers as buildingsOnly } from './building-handlers.js';
import { floorHandlers } from './floor-handlers.js';
import { stationHandlers } from './station-handlers.js';

type Ids<T> = T extends Handlers<infer K> ? K : never;
type AreaRouteId =
  | Ids<ReturnType<typeof buildingsOnly>>
  | Ids<ReturnType<typeof floorHandlers>>
  | Ids<ReturnType<typeof stationHandlers>>;

/** The buildings area: buildings, their floors with maps, and the stations on each floor. */
export function buildingHandlers(services: Services): Handlers<AreaRouteId> {
  return { ...buildingsOnly(services), ...floorHandlers(services), ...stationHandlers(services) };
}
