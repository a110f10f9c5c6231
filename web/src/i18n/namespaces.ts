/**
 * One translation file per area, named for the area (packages/contract/src/areas.ts), under
 * public/locales/{en,zh}/{ns}.json; `errors` holds the API error messages every area shows.
 */
export const NAMESPACES = [
  'common',
  'errors',
  'auth',
  'shell',
  'robots',
  'buildings',
  'analysis',
  'people',
  'apps',
  'devices',
  'lifts',
  'audio',
  'companies',
  'roles',
  'audit',
  'sso',
  'live',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loaded before the first screen: route titles and the API client's messages are needed everywhere, and the
 * frame the visitor is about to see (login or main layout) is asked for in the same round trip.
 */
export function bootNamespaces(signedIn: boolean): Namespace[] {
  return ['common', 'errors', signedIn ? 'shell' : 'auth'];
}
