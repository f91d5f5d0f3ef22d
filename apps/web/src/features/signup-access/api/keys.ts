import type { CallInput, signupAccess } from '@portal/contract';

export type GrantsInput = CallInput<typeof signupAccess.getSignupAccessGrants>;

/** Query keys of the sign-up access area. */
export const signupAccessKeys = {
  all: ['signup-access'] as const,
  grant: (key: string) => [...signupAccessKeys.all, 'grant', key] as const,
  grants: (input: GrantsInput) => [...signupAccessKeys.all, 'grants', input] as const,
};
