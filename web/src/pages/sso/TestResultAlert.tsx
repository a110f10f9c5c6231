import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { failureOf } from './sso-failure';

/**
 * The connection test's result, which the server put in the address the browser came back to (`?test=passed`
 * or `?test=<reason>`). Closing it takes it out of the address, so a reload does not show it again.
 */
export function TestResultAlert() {
  const { t } = useTranslation(['sso', 'auth']);
  const [params, setParams] = useSearchParams();
  const test = params.get('test');
  if (!test) return null;
  const close = () =>
    setParams(
      (p) => {
        p.delete('test');
        return p;
      },
      { replace: true },
    );
  if (test === 'passed') {
    return (
      <Alert
        type="success"
        showIcon
        closable={{ onClose: close }}
        data-testid="sso-test-result"
        data-result="passed"
        style={{ marginBottom: 16 }}
        title={t('test.passed')}
        description={t('test.passedHint')}
      />
    );
  }
  const reason = failureOf(test) ?? 'provider_error';
  return (
    <Alert
      type="error"
      showIcon
      closable={{ onClose: close }}
      data-testid="sso-test-result"
      data-result={reason}
      style={{ marginBottom: 16 }}
      title={t('test.failed')}
      description={
        <>
          <strong>{t(`auth:sso.failure.${reason}.title`)}</strong>
          <div>
            {t(`auth:sso.failure.${reason}.admin`, { defaultValue: t(`auth:sso.failure.${reason}.hint`) })}
          </div>
        </>
      }
    />
  );
}
