import KeyOutlined from '@ant-design/icons-svg/es/asn/KeyOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { PlainButton } from '../../plain/PlainButton';
import { PlainDivider } from '../../plain/PlainDivider';
import { SvgIcon } from '../../plain/SvgIcon';
import { HomeStat } from './HomeStat';
import { LoginForm } from './LoginForm';
import { LoginShell } from './LoginShell';
import { OperatorSignIn } from './OperatorSignIn';

// Most visits never open it: its code, and antd with it, load on the first click.
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal'));

/** The first page most visitors load: drawn without antd so it fits its JavaScript budget (issue 3). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [forgot, setForgot] = useState<{ email: string } | null>(null);
  const operatorSignIn = useClientConfigQuery().data?.operatorSignIn === true;
  return (
    <LoginShell title={t('title')} below={<HomeStat />}>
      <LoginForm onForgotPassword={(email) => setForgot({ email })} />
      <PlainDivider>{t('or')}</PlainDivider>
      <PlainButton
        block
        icon={<SvgIcon icon={KeyOutlined} />}
        data-testid="sso-entry"
        onClick={() => navigate('/login/sso')}
      >
        {t('ssoEntry')}
      </PlainButton>
      {operatorSignIn && <OperatorSignIn />}
      {forgot && (
        <Suspense fallback={null}>
          <ForgotPasswordModal initialEmail={forgot.email || undefined} onClose={() => setForgot(null)} />
        </Suspense>
      )}
    </LoginShell>
  );
}
