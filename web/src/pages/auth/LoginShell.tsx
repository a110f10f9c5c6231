import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClientConfigQuery } from '../../api/common/client-config-query';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Heading, Panel } from '../../components/Panel';
import { ProductLogo } from '../../components/ProductLogo';
import { docUrlFor } from '../../i18n/doc-url';
import { useSession } from '../../session/session-store';
import './login.css';

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
  const { t } = useTranslation('auth');
  const config = useClientConfigQuery().data;
  const lng = useSession((s) => s.language);
  return (
    <div className="fc-login">
      <header className="fc-login-header">
        <ProductLogo />
        <LanguageSwitch />
      </header>
      <main className="fc-login-main">
        <Panel style={{ width: '100%', maxWidth: 470, boxShadow: 'var(--fc-box-shadow-tertiary)' }}>
          <Heading style={{ marginBottom: 20 }}>{title}</Heading>
          {children}
        </Panel>
        {below}
      </main>
      {config && (
        <footer className="fc-login-footer">
          <a href={docUrlFor(config.usageDocUrl, lng)} target="_blank" rel="noopener">
            {t('footer.usageDoc')}
          </a>
          <a href={docUrlFor(config.serviceDocUrl, lng)} target="_blank" rel="noopener">
            {t('footer.serviceDoc')}
          </a>
        </footer>
      )}
    </div>
  );
}
