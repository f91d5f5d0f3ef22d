import type { CallInput, users } from '@portal/contract';

export type UsersListInput = CallInput<typeof users.getUsers>;

/** Query keys of the users area. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (input: UsersListInput) => [...userKeys.lists(), input] as const,
  detail: (userId: number) => [...userKeys.all, 'detail', userId] as const,
  invitationLists: () => [...userKeys.all, 'invitations'] as const,
  invitations: (input: unknown) => [...userKeys.invitationLists(), input] as const,
  apiTokens: () => [...userKeys.all, 'api-tokens'] as const,
};
