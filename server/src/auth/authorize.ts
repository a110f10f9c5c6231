import { type Action, type Actor, can, type Target } from '@fleet/contract';
import { AppError } from '../errors.js';
import type { Session } from './sessions.js';

export function actorOf(session: Session): Actor {
  return {
    id: session.userId,
    role: session.role,
    isSuperAdmin: session.isSuperAdmin,
    granted: session.granted,
    enableAudio: session.profile.enableAudio,
  };
}

/** Throws FORBIDDEN with the permission's own reason when the session may not act. */
export function authorize(session: Session, action: Action, target?: Target): void {
  const decision = can(actorOf(session), action, target);
  if (!decision.allowed) throw new AppError('FORBIDDEN', decision.reason);
}
