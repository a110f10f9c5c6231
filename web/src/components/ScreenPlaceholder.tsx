import { Empty, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Namespace } from '../i18n/namespaces';
import { MenuIcon } from '../layout/menu-icons';
import { useRouteEntry } from '../router/use-route-entry';
import { Heading, Panel } from './Panel';

interface Props {
  /** The area's namespace; its `{section}.empty.title` and `{section}.empty.description` explain the screen. */
  ns: Namespace;
  section: string;
  /** Actions under the explanation (a link to the area's settings). */
  children?: ReactNode;
}

/**
 * A screen whose content arrives with a later issue: its title, and an empty state that says what will be
 * shown here. Never sample data.
 */
export function ScreenPlaceholder({ ns, section, children }: Props) {
  const entry = useRouteEntry();
  const { token } = theme.useToken();
  const { t } = useTranslation([ns, 'common']);
  return (
    <section aria-labelledby="screen-title" data-testid={`screen-${entry?.id ?? section}`}>
      <Flex align="center" gap={10} style={{ marginBottom: 16 }}>
        {entry?.icon && (
          <span aria-hidden style={{ fontSize: 22, display: 'inline-flex' }}>
            <MenuIcon name={entry.icon} />
          </span>
        )}
        <Heading id="screen-title">{entry ? t(entry.titleKey, { ns: 'common' }) : ''}</Heading>
      </Flex>
      <Panel>
        <Empty
          style={{ paddingBlock: 48 }}
          description={
            <Flex vertical gap={4} align="center">
              <strong style={{ color: token.colorText }}>{t(`${section}.empty.title`, { ns })}</strong>
              <span style={{ maxWidth: 520, color: token.colorTextSecondary }}>
                {t(`${section}.empty.description`, { ns })}
              </span>
            </Flex>
          }
        >
          {children}
        </Empty>
      </Panel>
    </section>
  );
}
