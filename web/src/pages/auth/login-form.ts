import { PHONE_PREFIXES } from '../../contract-values';
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

const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'US';

export const EMPTY_LOGIN_FORM: LoginFormValues = {
  kind: 'email',
  email: '',
  phoneCountry: DEFAULT_PHONE_COUNTRY,
  phone: '',
  password: '',
  remember: false,
};

function prefixOf(country: string | undefined) {
  return PHONE_PREFIXES.find((p) => p.country === country)?.value;
}

export function isPhoneCountry(value: unknown): value is PhoneCountry {
  return PHONE_PREFIXES.some((p) => p.country === value);
}

export type LoginErrors = Partial<Record<'email' | 'phone' | 'password', string>>;

/** The login body for the e-mail or the phone form (AUTH-LOGIN: e-mail, or phone with its prefix). */
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

/** The figure shown on the login page (COMMON-HOME-STAT): the server's count plus ten. */
export const HOME_STAT_BONUS = 10;
export function homeStatFigure(activeUsers: number): number {
  return activeUsers + HOME_STAT_BONUS;
}
