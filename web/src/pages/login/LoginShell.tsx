import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Heading, Panel } from '../../components/Panel';
import { ProductLogo } from '../../components/ProductLogo';
import { docUrlFor } from '../../i18n/doc-url';
import { useSession } from '../../session/session-store';

/** The frame of the login screens: brand and language on top, one card, the documents below. */
export function LoginShell({
  title,
  children,
  below,
}: {
  title: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation('login');
  const { token } = theme.useToken();
  const config = useClientConfigQuery().data;
  const lng = useSession((s) => s.language);
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex component="header" align="center" justify="space-between" style={{ padding: '12px 24px' }}>
        <ProductLogo />
        <LanguageSwitch />
      </Flex>
      <Flex component="main" vertical align="center" gap={24} style={{ flex: 1, padding: '24px 16px' }}>
        <Panel style={{ width: '100%', maxWidth: 420, boxShadow: token.boxShadowTertiary }}>
          <Heading style={{ marginBottom: 20 }}>{title}</Heading>
          {children}
        </Panel>
        {below}
      </Flex>
      {config && (
        <Flex component="footer" justify="center" gap={24} style={{ padding: 16 }}>
          <a
            href={docUrlFor(config.usageDocUrl, lng)}
            target="_blank"
            rel="noopener"
            style={{ color: token.colorLink }}
          >
            {t('footer.usageDoc')}
          </a>
          <a
            href={docUrlFor(config.serviceDocUrl, lng)}
            target="_blank"
            rel="noopener"
            style={{ color: token.colorLink }}
          >
            {t('footer.serviceDoc')}
          </a>
        </Flex>
      )}
    </Flex>
  );
}
