import type { Region } from '@fleet/contract';

/**
 * Where API calls go (SHELL-API-HOST): the stored region's operation server, else this page's own server.
 * When the stored region is the one this page's server belongs to, the page's own origin is used: the same
 * server under the name the browser already trusts (no CORS pre-flight, works behind the dev proxy and on
 * a partner host name).
 */
export function resolveBaseUrl(
  stored: Region | null,
  pageRegion: string | undefined,
  origin: string,
): string {
  if (!stored?.host) return origin;
  if (pageRegion !== undefined && stored.region === pageRegion) return origin;
  if (!/^https?:\/\//i.test(stored.host)) return origin;
  return stored.host.replace(/\/+$/, '');
}

/** The file name of a download, from `content-disposition` (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1];
  return name ? name.trim() : '';
}
