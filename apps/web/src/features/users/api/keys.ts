import type { CallInput, users } from '@portal/contract';

export type UsersListInput = CallInput<typeof users.getUsers>;

/** Query keys of the users area. */
export const userKeys = {
  all: ['users'] as const,
  list: (input: UsersListInput) => [...userKeys.all, 'list', input] as const,
  detail: (userId: number) => [...userKeys.all, 'detail', userId] as const,
};
