import type { CallInput, audit } from '@portal/contract';

export type EntriesInput = CallInput<typeof audit.getEntries>;

/** Query keys of the audit log. */
export const auditKeys = {
  all: ['audit'] as const,
  entries: (input: EntriesInput) => [...auditKeys.all, 'entries', input] as const,
  users: (accountId: number) => [...auditKeys.all, 'users', accountId] as const,
};
