import type { Language } from '@fleet/contract';

/**
 * The server's own documents (a path such as /docs/user-guide) are written in both languages and pick one
 * from `?lng=`; a new tab sends neither the console's choice nor its `lng` header, so the link carries it.
 * Addresses elsewhere are left as configured.
 */
export function docUrlFor(url: string, lng: Language): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  const hashAt = url.indexOf('#');
  const path = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  if (/[?&]lng=/.test(path)) return url;
  return `${path}${path.includes('?') ? '&' : '?'}lng=${lng}${hash}`;
}
