import type { Handlers } from '../../http/handlers.js';
import type { Services } from '../../services.js';

export function regionHandlers(services: Services): Handlers<'regions'> {
  return {
    regions: async () => services.config.regions,
  };
}
