import type { Services } from '../../services.js';
import type { LiftLink } from './link/lift-link.js';

/** The lifts' run-time link; it starts with the fleet, before the server listens. */
export function liftLink(services: Services): LiftLink {
  if (!services.lifts) throw new Error('lift link not started');
  return services.lifts;
}
