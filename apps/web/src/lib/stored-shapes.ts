import type { Account, AuthenticatedUser, Product, ResourceCategory, TokenPayload } from '@portal/contract';
import * as v from 'valibot';

import type { ProductGroup } from './product-groups.ts';

/**
 * What the session keeps in client-side storage and the token cookie carries, checked when read so a
 * stale or tampered entry reads as missing. Valibot instead of the contract's zod schemas: these checks
 * run on every first page, where zod and every area's rules would cost some 30 kB of the 150 kB budget;
 * Valibot's checks are separate functions, so only these few come along (decision 103). Each is typed by the contract's type, so a field the contract
 * adds or changes fails the type check here until the shape follows.
 */
const int = v.pipe(v.number(), v.integer());

const accountUser = v.object({ account_id: int, is_account_admin: v.boolean() });

export const storedUser: v.GenericSchema<AuthenticatedUser> = v.object({
  user_id: int,
  email_nm: v.string(),
  first_nm: v.string(),
  last_nm: v.string(),
  two_factor_enabled: v.boolean(),
  uss_admin_level: int,
  avatar: v.nullable(v.string()),
  accounts_users: v.array(accountUser),
});

export const storedAccounts: v.GenericSchema<Account[]> = v.array(
  v.object({
    account_id: int,
    account_number: v.string(),
    name: v.string(),
    is_active: v.boolean(),
    require_pin: v.boolean(),
    account_status_cd: v.string(),
    is_account_admin: v.boolean(),
    is_2fa_required: v.boolean(),
    currency: v.string(),
  }),
);

export const storedProducts: v.GenericSchema<Product[]> = v.array(
  v.object({
    product_cd: v.string(),
    product: v.string(),
    short_product_name: v.string(),
    product_controller: v.string(),
    product_group: v.string(),
    active: v.boolean(),
  }),
);

export const storedCategories: v.GenericSchema<ResourceCategory[]> = v.array(
  v.object({ id: int, title: v.string(), parentCat: v.nullable(int) }),
);

export const storedProductGroups: v.GenericSchema<ProductGroup[]> = v.array(
  v.object({ label: v.string(), path: v.string(), codes: v.array(v.string()) }),
);

export const storedNumber = v.number();
export const storedFlag = v.boolean();

/** A staff member signed in as a customer: their own session, kept in this tab (features/admin/acting-as.ts). */
export const storedActingAs = v.object({
  staffToken: v.string(),
  staffExpiresAt: int,
  staffEmail: v.string(),
  userEmail: v.string(),
});

export const tokenPayload: v.GenericSchema<TokenPayload> = v.object({
  user_id: int,
  uss_admin_level: int,
  expires_at: int,
});
