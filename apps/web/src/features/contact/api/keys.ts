/** Query keys of the contact area. */
export const contactKeys = {
  all: ['contact'] as const,
  team: (accountId: number) => [...contactKeys.all, 'team', accountId] as const,
};
