import { Menu } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { visibleMenu } from '../access/menu-rules';
import { useRouteEntry } from '../router/use-route-entry';
import { menuKeyOf, ROUTES } from '../routes';
import { sessionStore, useSession } from '../session/session-store';
import { MenuIcon } from './menu-icons';
import { useAccessContext } from './use-access-context';

/** The side menu of spec §2, built from the route manifest and the access rules. */
export function SideMenu() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const entry = useRouteEntry();
  const entries = visibleMenu(ROUTES, useAccessContext());
  const storedSelection = useSession((s) => s.selectedMenu);
  const openKeys = useSession((s) => s.openKeys);
  const currentKey = entry ? menuKeyOf(entry) : undefined;

  // The location is the truth; local storage keeps a copy for the next visit (spec §2).
  useEffect(() => {
    if (!currentKey) return;
    const session = sessionStore.getState();
    if (session.selectedMenu.length !== 1 || session.selectedMenu[0] !== currentKey) {
      session.set('selectedMenu', [currentKey]);
    }
    if (session.selectedMenuRoute !== pathname) session.set('selectedMenuRoute', pathname);
  }, [currentKey, pathname]);

  return (
    <Menu
      mode="inline"
      aria-label={t('menu')}
      selectedKeys={currentKey ? [currentKey] : [...storedSelection]}
      openKeys={[...openKeys]}
      onOpenChange={(keys) => sessionStore.getState().set('openKeys', keys)}
      style={{ borderInlineEnd: 0 }}
      items={entries.map((e) => ({
        key: e.menu.key,
        icon: e.icon ? <MenuIcon name={e.icon} /> : undefined,
        label: (
          <Link to={e.path} data-testid={`menu-${e.id}`}>
            {t(e.titleKey)}
          </Link>
        ),
      }))}
    />
  );
}
