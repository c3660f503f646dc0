/**
 * The names of the states and categories the pages show (English; one place to translate). The keys are the values the
 * service stores; the page shows the name.
 */
export const valuesText = {
  values: {
    certificateStatuses: {
      pending: 'pending',
      issued: 'issued',
      suspended: 'suspended',
      revoked: 'revoked',
      rejected: 'rejected',
    } as Record<string, string>,
    assetStatuses: {
      draft: 'draft',
      active: 'active',
      archived: 'archived',
    } as Record<string, string>,
    categories: {
      artworks: 'Artworks',
      collectibles: 'Collectibles',
      watches: 'Watches',
      jewelry: 'Jewellery',
    } as Record<string, string>,
  },
} as const;
