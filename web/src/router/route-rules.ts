/** Path rules (SHELL-LAYOUT, SHELL-GUARD-NO-TOKEN, SHELL-GUARD-TOKEN), all case-insensitive like the routes themselves. */

export function normalisePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

export function isLoginPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return path === '/login' || path.startsWith('/login/');
}

/** Login screens and any path containing map, miniMap or error stand alone, without header and menu. */
export function layoutFor(pathname: string): 'main' | 'bare' {
  if (isLoginPath(pathname)) return 'bare';
  return /map|minimap|error/i.test(pathname) ? 'bare' : 'main';
}

export const HOME_PATH = '/robots';
const LOGIN_PATH = '/login';

/** SHELL-GUARD-NO-TOKEN, SHELL-GUARD-TOKEN: where to go instead of `pathname`, or undefined to stay. */
export function guardRedirect(pathname: string, hasToken: boolean): string | undefined {
  const path = normalisePath(pathname);
  if (!hasToken) return isLoginPath(path) ? undefined : LOGIN_PATH;
  return path === '/' || path === LOGIN_PATH ? HOME_PATH : undefined;
}
