import { SSO_FAILURES, type SsoFailure } from '@fleet/contract';

/**
 * The reason a sign-in through a provider did not finish, read from the address the server sent the browser to
 * (`?error=` on /login/sso/{id}, `?test=` on /sso); anything the server never sends reads as a provider error,
 * so a hand-edited address still shows words, never a raw code.
 */
export function failureOf(value: string | null): SsoFailure | null {
  if (!value) return null;
  return (SSO_FAILURES as readonly string[]).includes(value) ? (value as SsoFailure) : 'provider_error';
}

/** Whether trying again may help (the person can do something about it), or only an administrator can. */
export function canRetry(reason: SsoFailure): boolean {
  return ['provider_unreachable', 'cancelled', 'state_invalid', 'provider_error', 'token_invalid'].includes(
    reason,
  );
}
