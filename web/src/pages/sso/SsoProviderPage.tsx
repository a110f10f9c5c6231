import { Button, Flex, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { hasErrorCode } from '../../api/api-error';
import { apiRoutes } from '../../api/api-routes';
import { callApi } from '../../api/call';
import { HOME_PATH } from '../../router/route-rules';
import { signInWithTicket } from '../../session/session-actions';
import { LoginShell } from '../auth/LoginShell';
import { canRetry, failureOf } from './sso-failure';

type Phase =
  | { kind: 'working'; what: 'redirecting' | 'finishing' }
  | { kind: 'failed'; reason: Parameters<typeof canRetry>[0] }
  | { kind: 'unavailable' }
  | { kind: 'expired' };

/**
 * /login/sso/{id}: one company's provider. Opened plain, it starts the sign-in and sends the browser to the
 * provider; the provider's return lands here again with a one-time ticket (exchanged for the session, then
 * /robots) or with the reason it failed, worded for the person with what they can do next.
 */
export default function SsoProviderPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const error = failureOf(params.get('error'));
  const loginHint = params.get('email') ?? undefined;
  const [phase, setPhase] = useState<Phase>(() =>
    error
      ? { kind: 'failed', reason: error }
      : { kind: 'working', what: ticket ? 'finishing' : 'redirecting' },
  );
  // Strict mode runs effects twice in development: a ticket is good once, a sign-in is started once.
  const started = useRef(false);

  async function start() {
    setPhase({ kind: 'working', what: 'redirecting' });
    try {
      const { redirectUrl } = await callApi(
        apiRoutes.ssoLogin,
        { params: { id }, query: loginHint ? { email: loginHint } : {} },
        { quiet: ['NOT_FOUND', 'UNAVAILABLE', 'BAD_REQUEST'] },
      );
      window.location.assign(redirectUrl);
    } catch (e) {
      if (hasErrorCode(e, 'UNAVAILABLE')) setPhase({ kind: 'failed', reason: 'provider_unreachable' });
      else if (hasErrorCode(e, 'NOT_FOUND') || hasErrorCode(e, 'BAD_REQUEST'))
        setPhase({ kind: 'unavailable' });
      else setPhase({ kind: 'failed', reason: 'provider_error' });
    }
  }

  async function finish(value: string) {
    try {
      await signInWithTicket(value);
      navigate(HOME_PATH, { replace: true });
    } catch {
      setPhase({ kind: 'expired' });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per address; start and finish read it.
  useEffect(() => {
    if (started.current || error) return;
    started.current = true;
    if (ticket) void finish(ticket);
    else void start();
  }, [id, ticket, error]);

  const back = (
    <Button key="back" onClick={() => navigate('/login')} data-testid="sso-back">
      {t('sso.back')}
    </Button>
  );
  const retry = (
    <Button key="retry" type="primary" onClick={() => void start()} data-testid="sso-retry">
      {t('sso.retry')}
    </Button>
  );

  return (
    <LoginShell title={t('sso.title')}>
      {phase.kind === 'working' && (
        <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }} data-testid="sso-working">
          <Spin size="large" />
          <span>{t(phase.what === 'finishing' ? 'sso.finishing' : 'sso.redirecting')}</span>
        </Flex>
      )}
      {phase.kind === 'failed' && (
        <Result
          status={phase.reason === 'cancelled' ? 'info' : 'warning'}
          data-testid="sso-failure"
          data-reason={phase.reason}
          title={t(`sso.failure.${phase.reason}.title`)}
          subTitle={t(`sso.failure.${phase.reason}.hint`)}
          extra={canRetry(phase.reason) ? [retry, back] : [back]}
        />
      )}
      {phase.kind === 'unavailable' && (
        <Result
          status="info"
          data-testid="sso-unavailable"
          title={t('sso.unavailable')}
          subTitle={t('sso.unavailableHint')}
          extra={[back]}
        />
      )}
      {phase.kind === 'expired' && (
        <Result
          status="warning"
          data-testid="sso-expired"
          title={t('sso.expired')}
          subTitle={t('sso.expiredHint')}
          extra={[retry, back]}
        />
      )}
    </LoginShell>
  );
}
