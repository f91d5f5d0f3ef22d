import type { admin, CallInput } from '@portal/contract';

export type FindAccountsInput = CallInput<typeof admin.findAccounts>;
export type AuditInput = CallInput<typeof admin.getLoginAsUserAudit>;

/** Query keys of the staff area. */
export const adminKeys = {
  all: ['admin'] as const,
  accounts: (input: FindAccountsInput) => [...adminKeys.all, 'accounts', input] as const,
  user: (userId: number) => [...adminKeys.all, 'user', userId] as const,
  audit: (input: AuditInput) => [...adminKeys.all, 'audit', input] as const,
};
