import { email, phoneNumber } from '@fleet/contract';
import type { TFunction } from 'i18next';
import { messageOf } from '../../forms/zod-rule';
import type { LoginErrors, LoginFormValues } from './login-form';

// The contract's schemas bring zod (about 33 KB gzip with them): LoginForm loads this file when the visitor
// starts on the form, not with the page.

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
