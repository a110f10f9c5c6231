/** One translation file per area, under public/locales/{en,zh}/{ns}.json. */
export const NAMESPACES = [
  'common',
  'errors',
  'login',
  'layout',
  'robots',
  'buildings',
  'analysis',
  'person',
  'app',
  'device',
  'elevator',
  'audio',
  'subsidiaries',
  'role',
  'sso',
  'map',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Loaded before the first screen: route titles and the API client's messages are needed everywhere, and the
 * frame the visitor is about to see (login or main layout) is asked for in the same round trip.
 */
export function bootNamespaces(signedIn: boolean): Namespace[] {
  return ['common', 'errors', signedIn ? 'layout' : 'login'];
}
