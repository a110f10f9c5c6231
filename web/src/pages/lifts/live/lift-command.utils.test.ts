import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { wasFreeAlready } from './lift-command.utils';

const conflict = (rule: string) =>
  new ApiError({
    kind: 'http',
    status: 409,
    code: 'CONFLICT',
    info: 'nothing holds Lift A',
    refusal: { rule, params: { lift: 'Lift A' } },
  });

describe('a force release of a lift freed meanwhile (LIFTS-FORCE-RELEASE)', () => {
  it('is the lift free already, not a failure', () => {
    expect(wasFreeAlready('forceRelease', conflict('liftNotHeld'))).toBe(true);
  });

  it('is a failure for any other refusal or command', () => {
    expect(wasFreeAlready('forceRelease', conflict('liftBlocked'))).toBe(false);
    expect(wasFreeAlready('endSession', conflict('liftNotHeld'))).toBe(false);
    expect(wasFreeAlready('forceRelease', new Error('network'))).toBe(false);
  });
});
