/** Points the page's favicon at the brand's (a partner domain has its own, SHELL-PARTNER-BRAND). */
export function applyFavicon(url: string): void {
  if (!url) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  if (link.getAttribute('href') !== url) {
    link.removeAttribute('type');
    link.href = url;
  }
}

export const DEFAULT_LOGO_URL = '/brand/logo.svg';
