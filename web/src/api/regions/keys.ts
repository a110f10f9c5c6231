/** The region list is public: not owned by a company, so the second key part says `public`. */
export const regionKeys = {
  regions: (region: string) => [region, 'public', 'regions'] as const,
};
