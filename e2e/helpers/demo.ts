import { DEMO_COMPANIES, DEMO_LOOSE_USERS } from '../../apps/api/src/seed/demo.ts';

export { DEMO_PASSWORD, TOTP_SECRET, demoAccounts, demoEmails } from '../../apps/api/src/seed/demo.ts';

/** First name of a demo sign-in, as the seed creates it. */
export function demoFirstName(email: string): string {
  const member = [...DEMO_COMPANIES.flatMap((c) => c.users), ...DEMO_LOOSE_USERS].find((u) => u.email === email);
  if (!member) throw new Error(`${email} is not a demo sign-in`);
  return member.first_nm;
}
