import type { Account } from '@portal/contract';

import { saveLoginData } from '../lib/session.ts';

/** An active USD account of the signed-in user; `admin` when they administer it. */
export const testAccount = (account_id: number, name: string, admin = true): Account => ({
  account_id,
  account_number: String(100000 + account_id),
  name,
  is_active: true,
  require_pin: false,
  account_status_cd: 'A',
  is_account_admin: admin,
  is_2fa_required: false,
  currency: 'USD',
});

/** Stores the login data of Casey, a customer with these accounts, as a sign-in does (lib/session.ts). */
export const signInWith = (accounts: Account[]) =>
  saveLoginData({
    user: {
      user_id: 1,
      email_nm: 'casey@example.com',
      first_nm: 'Casey',
      last_nm: 'Customer',
      two_factor_enabled: false,
      uss_admin_level: 0,
      avatar: null,
      accounts_users: accounts.map((a) => ({ account_id: a.account_id, is_account_admin: a.is_account_admin })),
    },
    accounts,
    products: [],
    categories: [],
  });
