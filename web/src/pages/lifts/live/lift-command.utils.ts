import { isApiError } from '../../../api/api-error';

/**
 * A force release answered "nothing holds the lift": what held it (a ride reaching its floor, a test call, another
 * operator's release) ended while the dialog was open. The lift is free, as the operator wanted.
 */
export function wasFreeAlready(kind: string, error: unknown): boolean {
  return kind === 'forceRelease' && isApiError(error) && error.refusal?.rule === 'liftNotHeld';
}
