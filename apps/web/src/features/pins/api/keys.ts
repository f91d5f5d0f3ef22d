/** Query keys of the compliance PINs area. */
export const pinKeys = {
  all: ['pins'] as const,
  accounts: () => [...pinKeys.all, 'accounts'] as const,
  reset: (resetKey: string, accountId: number) => [...pinKeys.all, 'reset', resetKey, accountId] as const,
};
