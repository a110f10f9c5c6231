import { email, PHONE_PREFIXES, phoneNumber } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { messageOf } from '../../forms/zod-rule';
import type { CredentialsBody } from '../../session/session-actions';

export type AccountKind = 'email' | 'phone';
export type PhoneCountry = (typeof PHONE_PREFIXES)[number]['country'];

export interface LoginFormValues {
  kind: AccountKind;
  email: string;
  /** The prefix option by country: US and CA share +1, so the value alone cannot tell them apart. */
  phoneCountry: PhoneCountry;
  phone: string;
  password: string;
  remember: boolean;
}

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'US';

export const EMPTY_LOGIN_FORM: LoginFormValues = {
  kind: 'email',
  email: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  phone: '',
  password: '',
  remember: false,
};

export function prefixOf(country: string | undefined) {
  return PHONE_PREFIXES.find((p) => p.country === country)?.value;
}

export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return PHONE_PREFIXES.some((p) => p.country === value);
}

export type LoginErrors = Partial<Record<'email' | 'phone' | 'password', string>>;

/** The sign-in form's checks: the contract's e-mail and phone schemas, in the user's language. */
export function validateLogin(values: LoginFormValues, t: TFunction): LoginErrors {
  const errors: LoginErrors = {};
  const required = t('errors:validation.required');
  if (values.kind === 'email') {
    const result = email.safeParse(values.email);
    if (!values.email.trim()) errors.email = required;
    else if (!result.success) errors.email = messageOf(result.error.issues[0], t);
  } else {
    const result = phoneNumber.safeParse(values.phone);
    if (!values.phone.trim()) errors.phone = required;
    else if (!result.success) errors.phone = messageOf(result.error.issues[0], t);
  }
  if (!values.password) errors.password = required;
  return errors;
}

/** The login body for the e-mail or the phone form (spec §2: e-mail, or phone with its prefix). */
export function toLoginBody(values: LoginFormValues): CredentialsBody {
  if (values.kind === 'phone') {
    return {
      account: values.phone.trim(),
      phonePrefix: prefixOf(values.phoneCountry) ?? '-1',
      password: values.password,
    };
  }
  return { account: values.email.trim().toLowerCase(), password: values.password };
}

/** The figure shown on the login page (spec §3): the server's count plus ten. */
export const HOME_STAT_BONUS = 10;
export function homeStatFigure(activeUsers: number): number {
  return activeUsers + HOME_STAT_BONUS;
}
