import { ArrowLeftOutlined } from '@ant-design/icons';
import { email } from '@fleet/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasErrorCode } from '../../api/api-error';
import { apiRoutes } from '../../api/api-routes';
import { callApi } from '../../api/call';
import { zodRule } from '../../forms/zod-rule';
import { LoginShell } from '../auth/LoginShell';

/** /login/sso: the e-mail's domain tells which company's provider signs the user in. */
export default function SsoIndexPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [noProvider, setNoProvider] = useState(false);

  async function find({ email: address }: { email: string }) {
    setBusy(true);
    setNoProvider(false);
    try {
      // NOT_FOUND is an answer here, shown in place rather than as an error toast.
      const provider = await callApi(
        apiRoutes.ssoLoginUrl,
        { query: { email: address } },
        { quiet: ['NOT_FOUND'] },
      );
      // The address goes along as the provider's login hint: the person need not type it twice.
      navigate(
        `/login/sso/${encodeURIComponent(provider.id)}?${new URLSearchParams({ email: address.trim() })}`,
      );
    } catch (error) {
      if (hasErrorCode(error, 'NOT_FOUND')) setNoProvider(true);
      setBusy(false);
    }
  }

  return (
    <LoginShell title={t('sso.title')}>
      <Form<{ email: string }> layout="vertical" requiredMark={false} onFinish={(v) => void find(v)}>
        <Form.Item
          name="email"
          label={t('sso.email')}
          extra={t('sso.hint')}
          rules={[{ required: true, message: t('errors:validation.required') }, zodRule(email, t)]}
        >
          <Input
            data-testid="sso-email"
            type="email"
            autoComplete="username"
            onChange={() => setNoProvider(false)}
          />
        </Form.Item>
        {noProvider && (
          <Alert
            type="warning"
            showIcon
            data-testid="sso-not-found"
            style={{ marginBottom: 16 }}
            title={t('sso.notFound')}
            description={t('sso.notFoundHint')}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="sso-continue">
          {t('sso.continue')}
        </Button>
      </Form>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ marginTop: 12, paddingInline: 0 }}
        onClick={() => navigate('/login')}
      >
        {t('sso.back')}
      </Button>
    </LoginShell>
  );
}
