/** Query keys of the integration staff area. */
export const integrationKeys = {
  all: ['integration'] as const,
  tokens: () => [...integrationKeys.all, 'tokens'] as const,
  batches: () => [...integrationKeys.all, 'batches'] as const,
  invitationRun: () => [...integrationKeys.all, 'invitation-run'] as const,
};
