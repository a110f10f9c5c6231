import { expect, type Locator, type Page } from '@playwright/test';
import { settled } from './motion.js';

/** The toasts (antd messages) on screen; each is an alert. */
export function toasts(page: Page): Locator {
  return page.locator('.ant-message').getByRole('alert');
}

/** One toast by its text; `level` is antd's notice type. */
export function toast(page: Page, text: string | RegExp, level?: 'success' | 'info' | 'warning' | 'error') {
  const found = toasts(page).filter({ hasText: text });
  return level ? found.and(page.locator(`.ant-message-notice-${level}`)) : found;
}

export function sideMenu(page: Page): Locator {
  return page.getByTestId('sider').getByRole('menu');
}

/** The side-menu entries in order, by their route id (`menu-<id>`). */
export async function menuIds(page: Page): Promise<string[]> {
  const links = sideMenu(page).getByRole('menuitem').locator('[data-testid^="menu-"]');
  return (await links.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''))).map((id) =>
    id.replace(/^menu-/, ''),
  );
}

/** The side-menu item of a route id. */
export function menuItem(page: Page, id: string): Locator {
  return sideMenu(page)
    .getByRole('menuitem')
    .filter({ has: page.getByTestId(`menu-${id}`) });
}

/** Opens the user popover in the header and returns it. */
export async function openUserPopover(page: Page): Promise<Locator> {
  await page.getByTestId('user-popover-trigger').click();
  const popover = page.getByTestId('user-popover');
  await popover.waitFor();
  // A click while it still zooms in can press the button and release beside it: no click (log-out sent nothing).
  await settled(popover);
  return popover;
}

/** Waits until the main layout shows the screen of a route id. */
export async function screenShown(page: Page, id: string): Promise<Locator> {
  const screen = page.getByTestId(`screen-${id}`);
  await screen.waitFor();
  return screen;
}

/**
 * Switches the console's language from the header, once the choice has slid into place (a click during the
 * dropdown's motion can land beside the option and change nothing), and waits until the page says it changed.
 */
export async function chooseLanguage(page: Page, name: 'English' | '中文'): Promise<void> {
  await page.getByTestId('language-select').click();
  const option = page.getByTestId('language-select-option').filter({ hasText: name });
  await option.waitFor();
  await settled(option);
  await option.click();
  // The choice took (the button names it at once), then the page's texts arrived in it.
  await expect(page.getByTestId('language-select')).toContainText(name);
  await expect(page.locator('html')).toHaveAttribute('lang', name === '中文' ? 'zh-CN' : 'en');
}
