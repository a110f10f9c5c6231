import { Empty, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Heading } from '../../components/Panel';
import { LocaleProvider } from '../../i18n/LocaleProvider';
import { DEFAULT_LANGUAGE } from '../../i18n/language';
import { useRouteEntry } from '../../router/use-route-entry';

/**
 * The full-window map screens (/map/en, /miniMap/zh…) are embedded by other apps: their language comes
 * from the path, not from the console user's choice, and they have no header or menu.
 */
export function MapScreen({ section }: { section: 'map' | 'miniMap' }) {
  const lng = useRouteEntry()?.lng ?? DEFAULT_LANGUAGE;
  const { t } = useTranslation('map', { lng });
  const { token } = theme.useToken();
  return (
    <LocaleProvider lng={lng}>
      <main
        lang={lng === 'zh' ? 'zh-CN' : 'en'}
        data-testid={`screen-${section}`}
        style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}
      >
        <Flex vertical align="center" gap={8}>
          <Heading>{t(`${section}.title`)}</Heading>
          <Empty
            description={
              <span style={{ maxWidth: 480, display: 'inline-block', color: token.colorTextSecondary }}>
                {t(`${section}.empty`)}
              </span>
            }
          />
        </Flex>
      </main>
    </LocaleProvider>
  );
}
