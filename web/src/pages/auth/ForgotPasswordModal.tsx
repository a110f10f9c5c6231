import { email, password, VERIFY_CODE_LENGTH, verifyCode } from '@fleet/contract';
import { Button, Form, Input, Modal, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestPasswordReset, requestVerifyCode } from '../../api/auth/password-reset-requests';
import { notify } from '../../feedback/notifier';
import { zodRule } from '../../forms/zod-rule';
import { LocaleProvider } from '../../i18n/LocaleProvider';

/** Seconds before another code may be asked for (the server rate-limits codes too). */
const RESEND_AFTER_S = 60;

interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * Forgot password: ask for a code by e-mail, then set a new password with it. Loaded with antd on the first
 * click; the sign-in screen around it has no antd providers, so it brings them.
 */
export default function ForgotPasswordModal(props: {
  initialEmail?: string | undefined;
  onClose: () => void;
}) {
  return (
    <LocaleProvider>
      <ResetPasswordModal {...props} />
    </LocaleProvider>
  );
}

function ResetPasswordModal({
  initialEmail,
  onClose,
}: {
  initialEmail?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const { token } = theme.useToken();
  const [form] = Form.useForm<ResetValues>();
  const [codeSent, setCodeSent] = useState(false);
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState<'code' | 'reset' | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function sendCode() {
    const { email: address } = await form.validateFields(['email']);
    setBusy('code');
    try {
      await requestVerifyCode(address);
      setCodeSent(true);
      setWait(RESEND_AFTER_S);
      notify({ level: 'success', text: t('forgot.codeSent') });
    } catch {
      // told by the API client
    } finally {
      setBusy(null);
    }
  }

  async function reset(values: ResetValues) {
    setBusy('reset');
    try {
      await requestPasswordReset({ email: values.email, code: values.code, password: values.password });
      notify({ level: 'success', text: t('forgot.done') });
      onClose();
    } catch {
      setBusy(null);
    }
  }

  const required = { required: true, message: t('errors:validation.required') };
  return (
    <Modal
      open
      title={t('forgot.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      data-testid="forgot-password-modal"
    >
      <p style={{ color: token.colorTextSecondary }}>{t(codeSent ? 'forgot.step2' : 'forgot.step1')}</p>
      <Form<ResetValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ email: initialEmail ?? '' }}
        onFinish={(values) => void reset(values)}
      >
        <Form.Item name="email" label={t('form.email')} rules={[required, zodRule(email, t)]}>
          <Input data-testid="forgot-email" type="email" autoComplete="username" />
        </Form.Item>
        <Button
          block
          loading={busy === 'code'}
          disabled={wait > 0}
          onClick={() => void sendCode()}
          data-testid="forgot-send-code"
        >
          {wait > 0
            ? t('forgot.resendIn', { seconds: wait })
            : t(codeSent ? 'forgot.resend' : 'forgot.sendCode')}
        </Button>
        {codeSent && (
          <>
            <Form.Item
              name="code"
              label={t('forgot.code')}
              style={{ marginTop: 16 }}
              rules={[
                required,
                zodRule(verifyCode, t, t('forgot.codeFormat', { length: VERIFY_CODE_LENGTH })),
              ]}
            >
              <Input.OTP length={VERIFY_CODE_LENGTH} data-testid="forgot-code" />
            </Form.Item>
            <Form.Item
              name="password"
              label={t('forgot.newPassword')}
              rules={[required, zodRule(password, t)]}
            >
              <Input.Password data-testid="forgot-password-input" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('forgot.confirm')}
              dependencies={['password']}
              rules={[
                required,
                ({ getFieldValue }) => ({
                  validator: async (_, value) => {
                    if (value && value !== getFieldValue('password')) throw new Error(t('forgot.mismatch'));
                  },
                }),
              ]}
            >
              <Input.Password data-testid="forgot-confirm" autoComplete="new-password" />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={busy === 'reset'}
              data-testid="forgot-submit"
            >
              {t('forgot.submit')}
            </Button>
          </>
        )}
      </Form>
    </Modal>
  );
}
