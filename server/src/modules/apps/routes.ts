import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';
import { manageHandlers } from './manage-handlers.js';
import { openHandlers } from './open/open-handlers.js';
import { tokenHandler } from './open/token-handler.js';
import { webhookHandlers } from './webhook-handlers.js';

type AppRouteId =
  | keyof ReturnType<typeof manageHandlers>
  | keyof ReturnType<typeof webhookHandlers>
  | keyof ReturnType<typeof openHandlers>
  | 'openToken';

/** The apps area's calls: API applications and their webhooks (/app), and the open API (docs/api-apps.md). */
export function appHandlers(services: Services): Handlers<AppRouteId> {
  return {
    ...manageHandlers(services),
    ...webhookHandlers(services),
    ...openHandlers(services),
    openToken: tokenHandler(services),
  };
}
