import { Button, Checkbox, Flex, Input, Segmented, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field, fieldProps } from '../../components/Field';
import { HOME_PATH } from '../../router/route-rules';
import { signIn } from '../../session/session-actions';
import {
  type AccountKind,
  EMPTY_LOGIN_FORM,
  isPhoneCountry,
  type LoginErrors,
  type LoginFormValues,
  toLoginBody,
  validateLogin,
} from './login-form';
import { recallAccount, rememberAccount } from './remember-account';

// The prefix list is a select with its popup machinery; most people sign in by e-mail.
const PhoneField = lazy(() => import('./PhoneField'));

export function LoginForm({ onForgotPassword }: { onForgotPassword: (email: string) => void }) {
  const { t } = useTranslation(['login', 'errors']);
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginFormValues>(EMPTY_LOGIN_FORM);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

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
    if (submitted) setErrors(validateLogin(next, t));
  }

  async function submit() {
    setSubmitted(true);
    const found = validateLogin(values, t);
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
    } catch {
      // Already told to the user by the API client (wrong password, rate limit, network).
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      data-testid="login-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Segmented<AccountKind>
        block
        data-testid="login-kind"
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
          <Input
            {...fieldProps('login-email', errors.email)}
            data-testid="login-email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={values.email}
            onChange={(e) => change({ email: e.target.value })}
          />
        </Field>
      ) : (
        <Suspense fallback={<Spin size="small" style={{ display: 'block', marginBottom: 24 }} />}>
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
        <Input.Password
          {...fieldProps('login-password', errors.password)}
          data-testid="login-password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => change({ password: e.target.value })}
        />
      </Field>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Checkbox
          data-testid="login-remember"
          checked={values.remember}
          onChange={(e) => change({ remember: e.target.checked })}
        >
          {t('form.remember')}
        </Checkbox>
        <Button
          type="link"
          style={{ paddingInline: 0 }}
          data-testid="forgot-password"
          onClick={() => onForgotPassword(values.email.trim())}
        >
          {t('form.forgot')}
        </Button>
      </Flex>
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
        {t('form.submit')}
      </Button>
    </form>
  );
}
