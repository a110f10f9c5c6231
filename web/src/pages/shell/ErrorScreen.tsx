import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../router/route-rules';

/** The stand-alone error pages (SHELL-ERROR-PAGES): no layout, a plain explanation and a way back. */
export function ErrorScreen({ code }: { code: 401 | 404 }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} data-testid={`error-${code}`}>
      <Result
        // antd draws no 401 picture; its 403 one says the same thing.
        status={code === 401 ? '403' : '404'}
        title={String(code)}
        subTitle={t(`page.${code}`)}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('page.home')}
          </Button>
        }
      />
    </main>
  );
}
