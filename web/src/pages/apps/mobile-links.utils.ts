import type { Language } from '@fleet/contract';

/**
 * APPS-MOBILE: the address a phone opens from the QR code: this console's sign-in, in the user's language and
 * region (the sign-in page reads both from the query, see session/link-preferences.ts).
 */
export function signInLink(origin: string, lng: Language, region: string | null): string {
  const query = new URLSearchParams({ lng });
  if (region) query.set('region', region);
  return `${origin}/login?${query.toString()}`;
}

/** The full-screen map pages for wall screens and embedding, in the user's language. */
export function mapLinks(origin: string, lng: Language): { map: string; miniMap: string } {
  return { map: `${origin}/map/${lng}`, miniMap: `${origin}/miniMap/${lng}` };
}
