/** Query keys of the provider profile page. */
export const providerKeys = {
  all: ['provider'] as const,
  profile: () => [...providerKeys.all, 'profile'] as const,
};
