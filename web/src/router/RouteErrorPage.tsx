import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { LocaleProvider } from '../i18n/LocaleProvider';
import { monitorError } from '../monitoring/monitor';

// After a deploy, an open tab asks for screen chunks that no longer exist; a reload fetches the new ones.
const STALE_CHUNK = /dynamically imported module|Importing a module script failed|Failed to fetch/i;

/** A screen that crashed: reported, explained, and one click from a fresh start. */
export default function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  useEffect(() => monitorError(error), [error]);
  const stale = error instanceof Error && STALE_CHUNK.test(error.message);
  // Outside AntdFrame when the crash was above it: it brings antd's theme and texts itself.
  return (
    <LocaleProvider>
      <Result
        status="500"
        title={t(stale ? 'crash.staleTitle' : 'crash.title')}
        subTitle={t(stale ? 'crash.staleDescription' : 'crash.description')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('crash.reload')}
          </Button>
        }
      />
    </LocaleProvider>
  );
}
