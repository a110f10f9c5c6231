import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { bankHandlers } from './bank-handlers.js';
import { gatewayHandlers } from './gateway-handlers.js';
import { liftHandlers as liftsOnly } from './lift-handlers.js';
import { operateHandlers } from './operate-handlers.js';

type Ids<T> = T extends Handlers<infer K> ? K : never;
type AreaRouteId =
  | Ids<ReturnType<typeof gatewayHandlers>>
  | Ids<ReturnType<typeof bankHandlers>>
  | Ids<ReturnType<typeof liftsOnly>>
  | Ids<ReturnType<typeof operateHandlers>>;

/** The lifts area: gateways, banks with their policy, lifts with their landings, and operating them. */
export function liftHandlers(services: Services): Handlers<AreaRouteId> {
  return {
    ...gatewayHandlers(services),
    ...bankHandlers(services),
    ...liftsOnly(services),
    ...operateHandlers(services),
  };
}
