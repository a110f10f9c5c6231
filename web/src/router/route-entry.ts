import type { Action, Language } from '@fleet/contract';
import type { ComponentType } from 'react';
import type { AccessRule } from '../access/access';
import type { MenuIconName } from '../layout/menu-icons';

type Screen = () => Promise<{ default: ComponentType }>;

export interface RouteSpec {
  id: string;
  /** react-router path; matching is case-insensitive (react-router's default, relied on here). */
  path: string;
  /** Loaded on demand (SHELL-LAZY): each screen is its own chunk. */
  screen: Screen;
  /** Key in the `common` namespace, used for the menu label and the document title. */
  titleKey: string;
  icon?: MenuIconName;
  /** An entry of its own in the side menu: its key (kept in `selectedMenu`) and its position. */
  menu?: { key: string; order: number };
  /** The menu entry highlighted on this screen when it has none of its own. */
  menuKey?: string;
  /** The data condition (SHELL-MENU-REDIRECT): what the company has or the user was given. */
  access: AccessRule;
  /**
   * What the caller's rights must allow, asked through `useCan()`: the permission the server asks for the
   * screen's own data. Refused, the screen is the 401 page and its entry is hidden.
   */
  permission?: Action;
  /** Map screens take their language from the path, not from the user's choice. */
  lng?: Language;
}

export interface RouteEntry extends RouteSpec {
  layout: 'main' | 'bare';
}
