import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../layout/menu-icons';
import { useRouteEntry } from '../router/use-route-entry';
import { Heading } from './Panel';

/** The screen's icon and title (from the route manifest), with optional actions on the right. */
export function ScreenTitle({ extra }: { extra?: ReactNode }) {
  const entry = useRouteEntry();
  const { t } = useTranslation('common');
  return (
    <Flex align="center" justify="space-between" gap={10} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={10}>
        {entry?.icon && (
          <span aria-hidden style={{ fontSize: 22, display: 'inline-flex' }}>
            <MenuIcon name={entry.icon} />
          </span>
        )}
        <Heading id="screen-title">{entry ? t(entry.titleKey) : ''}</Heading>
      </Flex>
      {extra}
    </Flex>
  );
}
