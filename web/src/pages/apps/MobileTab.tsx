import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { useSession } from '../../session/session-store';
import { LinkRow } from './LinkRow';
import { mapLinks, signInLink } from './mobile-links.utils';
import { QrCode } from './QrCode';

/** APPS-MOBILE: the console on a phone (a QR code of its sign-in), and its map pages for wall screens. */
export function MobileTab() {
  const { t } = useTranslation('apps');
  const config = useClientConfigQuery().data;
  const lng = useSession((s) => s.language);
  const region = useSession((s) => s.regionInfo?.region ?? null);
  const origin = window.location.origin;
  const signIn = signInLink(origin, lng, region);
  const maps = mapLinks(origin, lng);
  return (
    <Flex gap={32} wrap align="flex-start" data-testid="app-mobile">
      <Flex vertical align="center" gap={12} style={{ width: 240 }}>
        {config?.logoUrl && (
          <img src={config.logoUrl} alt={config.productName} style={{ maxHeight: 40, maxWidth: 200 }} />
        )}
        <Typography.Text strong data-testid="mobile-product">
          {config?.productName ?? ''}
        </Typography.Text>
        <QrCode text={signIn} size={200} label={t('mobile.qrLabel')} />
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('mobile.scan')}
        </Typography.Text>
      </Flex>
      <Flex vertical gap={20} style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('mobile.intro')}</Typography.Paragraph>
        <LinkRow id="signIn" title={t('mobile.signIn')} description={t('mobile.signInHelp')} url={signIn} />
        <LinkRow id="map" title={t('mobile.map')} description={t('mobile.mapHelp')} url={maps.map} />
        <LinkRow
          id="miniMap"
          title={t('mobile.miniMap')}
          description={t('mobile.miniMapHelp')}
          url={maps.miniMap}
        />
      </Flex>
    </Flex>
  );
}
