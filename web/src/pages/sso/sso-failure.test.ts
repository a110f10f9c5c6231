import { SSO_FAILURES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { canRetry, failureOf } from './sso-failure';

describe('failureOf', () => {
  it('reads every reason the server sends', () => {
    for (const reason of SSO_FAILURES) expect(failureOf(reason)).toBe(reason);
  });
  it('reads nothing as no failure, and an unknown word as a provider error', () => {
    expect(failureOf(null)).toBeNull();
    expect(failureOf('')).toBeNull();
    expect(failureOf('<script>')).toBe('provider_error');
  });
  it('lets the person retry what may pass the next time, not what only an administrator can fix', () => {
    expect(canRetry('cancelled')).toBe(true);
    expect(canRetry('provider_unreachable')).toBe(true);
    expect(canRetry('not_provisioned')).toBe(false);
    expect(canRetry('no_role')).toBe(false);
  });
});

const files = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/auth.json', {
  eager: true,
  import: 'default',
});
const text = (lng: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      files[`../../../public/locales/${lng}/auth.json`],
    );

describe('SSO-FAILURE-WORDS: every failure is worded in both languages', () => {
  it.each(SSO_FAILURES)('%s', (reason) => {
    for (const lng of ['en', 'zh']) {
      expect(text(lng, `sso.failure.${reason}.title`), `${lng} title`).toEqual(expect.any(String));
      expect(text(lng, `sso.failure.${reason}.hint`), `${lng} hint`).toEqual(expect.any(String));
    }
  });
});
