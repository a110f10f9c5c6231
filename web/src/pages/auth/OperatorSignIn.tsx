import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiRoutes } from '../../api/api-routes';
import { callApi } from '../../api/call';
import { PlainButton } from '../../plain/PlainButton';

/**
 * The console operator's own staff sign in through the operator's provider (`sso/cenobots-login-url`). Shown
 * only while that provider is active (the client config says so); a failure is toasted by the API client.
 */
export function OperatorSignIn() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function go() {
    setBusy(true);
    try {
      const provider = await callApi(apiRoutes.operatorSsoLoginUrl);
      navigate(provider.loginPath);
    } catch {
      setBusy(false);
    }
  }

  return (
    <div style={{ marginTop: 12, textAlign: 'center' }}>
      <PlainButton variant="link" loading={busy} data-testid="operator-sso" onClick={() => void go()}>
        {t('operatorSignIn')}
      </PlainButton>
    </div>
  );
}
