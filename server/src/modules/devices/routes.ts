import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { callHandlers } from './call-handlers.js';
import { manageHandlers } from './manage-handlers.js';
import { placeHandlers } from './place-handlers.js';

type DeviceRouteId = keyof (ReturnType<typeof manageHandlers> &
  ReturnType<typeof placeHandlers> &
  ReturnType<typeof callHandlers>);

/** The devices area's calls (docs/user-guide.md "Mini devices", docs/protocols.md "The device link"). */
export function deviceHandlers(services: Services): Handlers<DeviceRouteId> {
  return { ...manageHandlers(services), ...placeHandlers(services), ...callHandlers(services) };
}
