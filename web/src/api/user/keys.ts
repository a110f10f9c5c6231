/**
 * `me` is what tells the company, so its key cannot start with one: it is keyed by the session instead.
 * Every token change (log-in, company switch, log-out) reloads the page, which empties the cache.
 */
export const userKeys = {
  me: (region: string) => [region, 'session', 'user', 'me'] as const,
};
