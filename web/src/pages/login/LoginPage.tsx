import { KeyOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HomeStat } from './HomeStat';
import { LoginForm } from './LoginForm';
import { LoginShell } from './LoginShell';

// Most visits never open it: its code loads on the first click.
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal'));

export default function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [forgot, setForgot] = useState<{ email: string } | null>(null);
  return (
    <LoginShell title={t('title')} below={<HomeStat />}>
      <LoginForm onForgotPassword={(email) => setForgot({ email })} />
      <Divider plain>{t('or')}</Divider>
      <Button block icon={<KeyOutlined />} data-testid="sso-entry" onClick={() => navigate('/login/sso')}>
        {t('ssoEntry')}
      </Button>
      {forgot && (
        <Suspense fallback={null}>
          <ForgotPasswordModal initialEmail={forgot.email || undefined} onClose={() => setForgot(null)} />
        </Suspense>
      )}
    </LoginShell>
  );
}
