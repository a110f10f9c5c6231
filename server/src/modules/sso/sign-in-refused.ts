import type { SsoFailure } from '@fleet/contract';

/** A sign-in through a provider that cannot finish, with the reason the console words for the person. */
export class Refused extends Error {
  constructor(readonly reason: SsoFailure) {
    super(reason);
  }
}
