import * as accounts from './accounts.ts';
import * as admin from './admin.ts';
import * as apiTokens from './api-tokens.ts';
import * as audit from './audit.ts';
import * as auth from './auth.ts';
import { isCall, type Call } from './call.ts';
import * as captcha from './captcha.ts';
import * as connectors from './connectors.ts';
import * as contact from './contact.ts';
import * as health from './health.ts';
import * as identity from './identity.ts';
import * as integration from './integration.ts';
import * as invoices from './invoices.ts';
import * as legal from './legal.ts';
import * as metrics from './metrics.ts';
import * as notifications from './notifications.ts';
import * as orders from './orders.ts';
import * as outbox from './outbox.ts';
import * as payments from './payments.ts';
import * as pins from './pins.ts';
import * as products from './products.ts';
import * as productsBackup from './products-backup.ts';
import * as productsBs from './products-bs.ts';
import * as productsDd from './products-dd.ts';
import * as productsCloud from './products-cloud.ts';
import * as productsDs from './products-ds.ts';
import * as productsEb from './products-eb.ts';
import * as productsRp from './products-rp.ts';
import * as profile from './profile.ts';
import * as provider from './provider.ts';
import * as resources from './resources.ts';
import * as signupAccess from './signup-access.ts';
import * as snmp from './snmp.ts';
import * as tickets from './tickets.ts';
import * as users from './users.ts';

/** Every call of every area, for the OpenAPI document and the contract's own tests. */
export const allCalls: Call[] = [
  accounts,
  admin,
  apiTokens,
  audit,
  auth,
  captcha,
  connectors,
  contact,
  health,
  identity,
  integration,
  invoices,
  legal,
  metrics,
  notifications,
  orders,
  outbox,
  payments,
  pins,
  products,
  productsBackup,
  productsBs,
  productsDd,
  productsCloud,
  productsDs,
  productsEb,
  productsRp,
  profile,
  provider,
  resources,
  signupAccess,
  snmp,
  tickets,
  users,
]
  .flatMap((area) => Object.values(area))
  .filter(isCall);
