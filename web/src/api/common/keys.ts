/** Public calls: not owned by a company, so the second key part says `public`. */
export const commonKeys = {
  // Per host name, not per region: the page's server decides the brand.
  clientConfig: () => ['page', 'public', 'common', 'client-config'] as const,
  stats: (region: string) => [region, 'public', 'common', 'stats'] as const,
};
