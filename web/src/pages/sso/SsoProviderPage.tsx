import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoginShell } from '../auth/LoginShell';

/** /login/sso/{id}: the provider's sign-in. Until the OpenID Connect flow exists it says so plainly. */
export default function SsoProviderPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <LoginShell title={t('sso.title')}>
      <Result
        status="info"
        data-testid="sso-not-configured"
        title={t('sso.notConfigured')}
        subTitle={t('sso.notConfiguredHint')}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('sso.back')}
          </Button>
        }
      />
    </LoginShell>
  );
}
