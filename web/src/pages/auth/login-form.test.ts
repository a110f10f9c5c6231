import { ACTIVE_USERS_BASE } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { EMPTY_LOGIN_FORM, homeStatFigure, type LoginFormValues, toLoginBody } from './login-form';
import { validateLogin } from './login-rules';

const form = (values: Partial<LoginFormValues>): LoginFormValues => ({ ...EMPTY_LOGIN_FORM, ...values });
const t = ((key: string) => key) as unknown as TFunction;

describe('toLoginBody', () => {
  it.each<[string, LoginFormValues, unknown]>([
    [
      'e-mail, trimmed and lower-cased',
      form({ email: '  Owner@Acme.test ', password: 'pw' }),
      { account: 'owner@acme.test', password: 'pw' },
    ],
    [
      'phone in Canada',
      form({ kind: 'phone', phoneCountry: 'CA', phone: ' 555 0100 ', password: 'pw' }),
      { account: '555 0100', phonePrefix: '+1', password: 'pw' },
    ],
    [
      'phone in Germany',
      form({ kind: 'phone', phoneCountry: 'DE', phone: '30123456', password: 'pw' }),
      { account: '30123456', phonePrefix: '+49', password: 'pw' },
    ],
    [
      'phone with Other: the number carries its code',
      form({ kind: 'phone', phoneCountry: 'Other', phone: '+8613800000000', password: 'pw' }),
      { account: '+8613800000000', phonePrefix: '-1', password: 'pw' },
    ],
  ])('%s', (_, values, expected) => {
    expect(toLoginBody(values)).toEqual(expected);
  });

  it('never puts the remember flag or the other kind of account into the body', () => {
    const body = toLoginBody(form({ email: 'a@b.test', phone: '555', password: 'pw', remember: true }));
    expect(Object.keys(body).sort()).toEqual(['account', 'password']);
  });
});

describe('validateLogin', () => {
  it.each<[string, Partial<LoginFormValues>, unknown]>([
    [
      'all empty (e-mail)',
      {},
      { email: 'errors:validation.required', password: 'errors:validation.required' },
    ],
    ['a bad e-mail', { email: 'owner@', password: 'x' }, { email: 'errors:validation.email' }],
    ['a good e-mail', { email: 'owner@acme.test', password: 'x' }, {}],
    ['phone empty', { kind: 'phone', password: 'x' }, { phone: 'errors:validation.required' }],
    [
      'phone with letters',
      { kind: 'phone', phone: 'call me', password: 'x' },
      { phone: 'errors:validation.format' },
    ],
    ['phone fine, e-mail ignored', { kind: 'phone', phone: '555 0100', email: 'bad', password: 'x' }, {}],
  ])('%s', (_, values, expected) => {
    expect(validateLogin(form(values), t)).toEqual(expected);
  });
});

describe('homeStatFigure (COMMON-HOME-STAT)', () => {
  it('adds ten to the active users', () => {
    expect(homeStatFigure(ACTIVE_USERS_BASE)).toBe(112903);
    expect(homeStatFigure(0)).toBe(10);
  });
});
