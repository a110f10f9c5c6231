import type { Page } from '@playwright/test';

const SEEDED = 'e2e-seeded';

/**
 * Puts values into the page's local storage before its first script runs, once per tab: a reload or the
 * console's own log-out must not find them put back. Only on `origin` (a partner host is another one).
 */
export async function seedLocalStorage(
  page: Page,
  origin: string,
  values: Record<string, string>,
): Promise<void> {
  await page.addInitScript(
    ({ origin, values, flag }) => {
      if (window.location.origin !== origin) return;
      try {
        if (window.sessionStorage.getItem(flag)) return;
        for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
        window.sessionStorage.setItem(flag, '1');
      } catch {
        // about:blank and opaque origins have no storage
      }
    },
    { origin, values, flag: SEEDED },
  );
}

/** Everything in the page's local storage. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const all: Record<string, string> = {};
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key !== null) all[key] = window.localStorage.getItem(key) ?? '';
    }
    return all;
  });
}

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** Marks the current document; `reloaded` is true once a new document replaced it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as Record<string, unknown>).__e2eMark = true;
  });
}

export async function reloaded(page: Page): Promise<boolean> {
  try {
    return await page.evaluate(() => !(window as unknown as Record<string, unknown>).__e2eMark);
  } catch {
    // the old document is going away right now
    return false;
  }
}
