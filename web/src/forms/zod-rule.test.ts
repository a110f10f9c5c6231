import { email, password, phoneNumber, verifyCode } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { zodRule } from './zod-rule';

const t = ((key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key) as unknown as TFunction;

async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator(undefined, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule with the contract schemas', () => {
  it.each([
    ['password too short', password, 'short', 'errors:validation.tooShort {"min":8}'],
    ['password fine', password, 'long enough', undefined],
    ['not an e-mail', email, 'someone@', 'errors:validation.email'],
    ['an e-mail', email, ' Someone@Example.test ', undefined],
    ['a 5-digit code', verifyCode, '12345', 'errors:validation.format'],
    ['a 6-digit code', verifyCode, '123456', undefined],
    ['letters as a phone', phoneNumber, 'call me', 'errors:validation.format'],
    ['a phone number', phoneNumber, '555 0100', undefined],
    ['empty is left to required', password, '', undefined],
  ] as const)('%s', async (_, schema, value, expected) => {
    expect(await check(zodRule(schema, t), value)).toBe(expected);
  });

  it('uses the given message instead of the generic one', async () => {
    expect(await check(zodRule(verifyCode, t, 'six digits'), '1')).toBe('six digits');
  });
});
