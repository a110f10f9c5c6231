import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { visibleMenu } from '../access/menu-rules';
import { HoverTooltip } from '../components/HoverTooltip';
import { MenuIcon } from '../layout/menu-icons';
import { useAccessContext } from '../layout/use-access-context';
import { useRouteEntry } from '../router/use-route-entry';
import { menuKeyOf, ROUTES } from '../routes';
import { sessionStore, useSession } from '../session/session-store';
import { menuKeyTarget } from './menu-keys';
import './side-menu.css';

/**
 * The side menu (SHELL-MENU-ORDER), built from the route manifest and the access rules: antd's inline Menu in look
 * and keys (arrows, Home, End; one entry in the tab order), drawn with links. No entry has entries of its
 * own, so there is no group to open: `openkeys` stays as stored.
 */
export function SideMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const entry = useRouteEntry();
  const entries = visibleMenu(ROUTES, useAccessContext());
  const storedSelection = useSession((s) => s.selectedMenu);
  const currentKey = entry ? menuKeyOf(entry) : undefined;
  const selected = currentKey ? [currentKey] : storedSelection;
  const links = useRef<(HTMLAnchorElement | null)[]>([]);

  // The location is the truth; local storage keeps a copy for the next visit (SHELL-MENU-MEMORY).
  useEffect(() => {
    if (!currentKey) return;
    const session = sessionStore.getState();
    if (session.selectedMenu.length !== 1 || session.selectedMenu[0] !== currentKey) {
      session.set('selectedMenu', [currentKey]);
    }
    if (session.selectedMenuRoute !== pathname) session.set('selectedMenuRoute', pathname);
  }, [currentKey, pathname]);

  const tabStop = Math.max(
    0,
    entries.findIndex((e) => selected.includes(e.menu.key)),
  );
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    if (e.key === ' ') {
      e.preventDefault();
      e.currentTarget.click();
      return;
    }
    const target = menuKeyTarget(e.key, index, entries.length);
    if (target === undefined) return;
    e.preventDefault();
    links.current[target]?.focus();
  };

  return (
    <div role="menu" aria-label={t('menu')} className={collapsed ? 'fc-menu fc-menu-collapsed' : 'fc-menu'}>
      {entries.map((e, i) => {
        const isSelected = selected.includes(e.menu.key);
        const label = t(e.titleKey);
        const link = (
          <Link
            key={e.menu.key}
            ref={(el) => {
              links.current[i] = el;
            }}
            to={e.path}
            role="menuitem"
            tabIndex={i === tabStop ? 0 : -1}
            // The entry of the screen shown is the page; a remembered one (a screen without an entry) is current.
            aria-current={isSelected ? (e.menu.key === currentKey ? 'page' : 'true') : undefined}
            className={isSelected ? 'fc-menu-item fc-menu-item-selected' : 'fc-menu-item'}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {e.icon && (
              <span className="fc-menu-icon">
                <MenuIcon name={e.icon} />
              </span>
            )}
            <span className="fc-menu-title" data-testid={`menu-${e.id}`}>
              {label}
            </span>
          </Link>
        );
        return collapsed ? (
          <HoverTooltip key={e.menu.key} title={label} placement="right" block>
            {link}
          </HoverTooltip>
        ) : (
          link
        );
      })}
    </div>
  );
}
