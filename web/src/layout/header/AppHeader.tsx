import { Flex, Grid, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProductLogo } from '../../components/ProductLogo';
import { HOME_PATH } from '../../router/route-rules';
import { CompanySelect } from './CompanySelect';
import { DocLinks } from './DocLinks';
import { LanguageSelect } from './LanguageSelect';
import { RegionSelect } from './RegionSelect';
import { UserPopover } from './UserPopover';

export const HEADER_HEIGHT = 64;

export function AppHeader() {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  return (
    <header
      data-testid="header"
      style={{
        position: 'fixed',
        top: 0,
        insetInline: 0,
        zIndex: 100,
        height: HEADER_HEIGHT,
        boxSizing: 'border-box',
        lineHeight: `${HEADER_HEIGHT}px`,
        display: 'flex',
        alignItems: 'center',
        gap: 16,
        paddingInline: 16,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Link
        to={HOME_PATH}
        data-testid="logo"
        aria-label={t('header.home')}
        style={{ display: 'inline-flex' }}
      >
        <ProductLogo collapsed={!screens.md} />
      </Link>
      <Flex align="center" gap={8} style={{ marginInlineStart: 'auto', minWidth: 0 }}>
        {screens.lg && <DocLinks />}
        <RegionSelect />
        <CompanySelect />
        <LanguageSelect />
        <UserPopover />
      </Flex>
    </header>
  );
}
