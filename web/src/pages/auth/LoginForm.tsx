import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/api-error';
import { Field, fieldProps } from '../../components/Field';
import { PlainButton } from '../../plain/PlainButton';
import { PlainCheckbox } from '../../plain/PlainCheckbox';
import { PlainInput, PlainPasswordInput } from '../../plain/PlainInput';
import { PlainSegmented } from '../../plain/PlainSegmented';
import { Spinner } from '../../plain/Spinner';
import { HOME_PATH } from '../../router/route-rules';
import { signIn } from '../../session/session-actions';
import {
  type AccountKind,
  EMPTY_LOGIN_FORM,
  isPhoneCountry,
  type LoginErrors,
  type LoginFormValues,
  toLoginBody,
} from './login-form';
import type { validateLogin } from './login-rules';
import { recallAccount, rememberAccount } from './remember-account';

// The prefix list is antd's Select with its popup machinery; most people sign in by e-mail.
const PhoneField = lazy(() => import('./PhoneField'));

// The checks use the contract's schemas and so zod: asked for when the visitor starts on the form, waited
// for on the first submit, never part of the page's first load.
let rules: Promise<typeof validateLogin> | undefined;
function loadRules(): Promise<typeof validateLogin> {
  rules ??= import('./login-rules').then((m) => m.validateLogin);
  rules.catch(() => {
    rules = undefined;
  });
  return rules;
}

/** antd's inputs read `status`; the plain ones say the same with `invalid`. */
function plainFieldProps(id: string, error: string | undefined) {
  const { status, ...rest } = fieldProps(id, error);
  return { ...rest, invalid: status === 'error' };
}

export function LoginForm({ onForgotPassword }: { onForgotPassword: (email: string) => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginFormValues>(EMPTY_LOGIN_FORM);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [validate, setValidate] = useState<typeof validateLogin | null>(null);

  useEffect(() => {
    void recallAccount().then((remembered) => {
      if (!remembered) return;
      setValues((v) =>
        remembered.kind === 'email'
          ? { ...v, kind: 'email', email: remembered.account, remember: true }
          : {
              ...v,
              kind: 'phone',
              phone: remembered.account,
              phoneCountry: isPhoneCountry(remembered.phoneCountry)
                ? remembered.phoneCountry
                : v.phoneCountry,
              remember: true,
            },
      );
    });
  }, []);

  // After a first attempt, errors follow the typing; before it, nobody is scolded for an empty form.
  function change(patch: Partial<LoginFormValues>) {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted && validate) setErrors(validate(next, t));
  }

  async function submit() {
    let check: typeof validateLogin;
    try {
      check = await loadRules();
    } catch {
      // Without the checks the server still judges the input; the page may simply be out of date.
      check = () => ({});
    }
    setValidate(() => check);
    setSubmitted(true);
    const found = check(values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await signIn(toLoginBody(values));
      const account = values.kind === 'email' ? values.email.trim() : values.phone.trim();
      await rememberAccount(
        values.remember
          ? {
              kind: values.kind,
              account,
              ...(values.kind === 'phone' ? { phoneCountry: values.phoneCountry } : {}),
            }
          : null,
      );
      navigate(HOME_PATH, { replace: true });
    } catch (error) {
      // Already told to the user by the API client (wrong password, rate limit, network). A company that
      // requires single sign-on refuses the password: the person is taken to its provider's sign-in.
      const sso = ssoRequiredBy(error);
      if (sso)
        navigate(
          `/login/sso/${encodeURIComponent(sso)}?${new URLSearchParams({ email: values.email.trim() })}`,
        );
      else setBusy(false);
    }
  }

  return (
    <form
      noValidate
      data-testid="login-form"
      onFocus={() => void loadRules().catch(() => undefined)}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PlainSegmented<AccountKind>
        block
        data-testid="login-kind"
        aria-label={t('form.accountKind')}
        style={{ marginBottom: 24 }}
        value={values.kind}
        onChange={(kind) => change({ kind })}
        options={[
          { value: 'email', label: t('form.byEmail') },
          { value: 'phone', label: t('form.byPhone') },
        ]}
      />
      {values.kind === 'email' ? (
        <Field htmlFor="login-email" label={t('form.email')} error={errors.email}>
          <PlainInput
            {...plainFieldProps('login-email', errors.email)}
            data-testid="login-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={values.email}
            onChange={(e) => change({ email: e.target.value })}
          />
        </Field>
      ) : (
        <Suspense
          fallback={
            <div style={{ marginBottom: 24 }}>
              <Spinner size="small" />
            </div>
          }
        >
          <PhoneField
            country={values.phoneCountry}
            phone={values.phone}
            error={errors.phone}
            onCountry={(phoneCountry) => change({ phoneCountry })}
            onPhone={(phone) => change({ phone })}
          />
        </Suspense>
      )}
      <Field htmlFor="login-password" label={t('form.password')} error={errors.password}>
        <PlainPasswordInput
          {...plainFieldProps('login-password', errors.password)}
          data-testid="login-password"
          autoComplete="current-password"
          showLabel={t('form.showPassword')}
          hideLabel={t('form.hidePassword')}
          value={values.password}
          onChange={(e) => change({ password: e.target.value })}
        />
      </Field>
      <div className="fc-login-row">
        <PlainCheckbox
          data-testid="login-remember"
          checked={values.remember}
          onChange={(e) => change({ remember: e.target.checked })}
        >
          {t('form.remember')}
        </PlainCheckbox>
        <PlainButton
          variant="link"
          style={{ paddingInline: 0 }}
          data-testid="forgot-password"
          onClick={() => onForgotPassword(values.email.trim())}
        >
          {t('form.forgot')}
        </PlainButton>
      </div>
      <PlainButton variant="primary" type="submit" block loading={busy} data-testid="login-submit">
        {t('form.submit')}
      </PlainButton>
    </form>
  );
}

/** The configuration whose provider must sign this person in, when the server refused the password for it. */
function ssoRequiredBy(error: unknown): string | undefined {
  if (!isApiError(error) || error.refusal?.rule !== 'ssoRequired') return undefined;
  const id = error.refusal.params?.ssoId;
  return typeof id === 'string' ? id : undefined;
}
