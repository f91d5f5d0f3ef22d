import type { AccessLevel, AccountAccess } from '@portal/contract';

/** The form's raw access entries (inputs of the contract schema) as typed values for the field. */
export const accessValue = (entries: readonly { account_id: unknown; access_level: unknown }[]): AccountAccess[] =>
  entries.map((entry) => ({
    account_id: Number(entry.account_id),
    access_level: Number(entry.access_level) as AccessLevel,
  }));
