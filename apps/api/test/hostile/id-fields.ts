import { allCalls, type Call } from '@portal/contract';

import { fieldName, fieldsOf, inputSchema, type Field } from './contract-kit.ts';
import { sourceOf } from './samples.ts';

/**
 * Which fields of the contract name an object, and which of them the cross-tenant test swaps for
 * another company's. A field whose name looks like an id must have a sample source (samples.ts
 * `idSources`) or be listed here as not applicable, with the reason: a new call is covered, or fails.
 */
export const looksLikeId = (name: string) =>
  /(^id$|Id$|_id$|_ids$|Ids$|hash|key|email|_number$|bucket|vm|file|categor|client|^reference$)/i.test(name);

const staff = 'staff calls: staff see every company (spec section 6; levels in roles.test.ts)';
const signIn = 'public sign-in and recovery: the email is who signs in; the answer is the same for every address';
const signUp =
  'public sign-up: the account and invoice numbers (or the mailed hash) are the proof of access by design (spec section 7)';
const feed = 'provider feed: an integration token writes every company by design (issue 11)';

/** Whole calls the cross-tenant rule does not apply to. */
export const notApplicable: Record<string, string> = {
  'admin.addAccount': staff,
  'admin.getTokenAsUser': staff,
  'admin.getUser': staff,
  'admin.getUserAccounts': staff,
  'admin.getUserByEmail': staff,
  'admin.signOutUser': staff,
  'integration.revokeToken': staff,
  'integration.enableWebhook': staff,
  'connectors.saveSource': staff,
  'connectors.removeSource': staff,
  'snmp.saveDevice': staff,
  'snmp.removeDevice': staff,
  'auth.confirmUserPassword': signIn,
  'auth.getToken': signIn,
  'auth.forgotPassword': signIn,
  'auth.resetPassword': signIn,
  'users.resendVerification': signIn,
  'users.createUserFromAccount': signUp,
  'users.createUserFromInvoice': signUp,
  'users.createUserFromHash': signUp,
  'users.checkInvitation': 'public: the mailed invitation hash is the proof (decision 084)',
  'users.acceptInvitation': 'public: the mailed invitation hash is the proof (decision 084)',
  'users.verifyEmail': 'public: the mailed hash is the proof; a user id alone opens nothing',
  'users.verifyEmailAndSetPassword': 'public: the mailed hash is the proof; a user id alone opens nothing',
  'signupAccess.get': 'public one-time link: its key is the secret',
  'signupAccess.revoke': 'public one-time link: its key is the secret',
  'accounts.addAccount':
    'the account and invoice numbers printed on an invoice are the proof of access (spec section 7); administrators are told (issue 16)',
  'users.activateTwoFactorAuthenticationSecret': "the caller's own new secret",
  'legal.acceptAgreement': 'legal agreements are one set for the whole portal',
  'legal.getAgreement': 'legal agreements are one set for the whole portal',
  'resources.getImage': 'portal content is the same for every company',
  'resources.getResource': 'portal content is the same for every company',
  'resources.getResources': 'portal content is the same for every company',
  'integration.batch.accounts': feed,
  'integration.batch.invoices': feed,
  'integration.batch.notifications': feed,
  'integration.batch.orders': feed,
  'integration.batch.outages': feed,
  'integration.batch.payments': feed,
  'integration.batch.products': feed,
  'integration.batch.tickets': feed,
  'integration.batch.users': feed,
  'provider.saveProfile': staff,
};

/** Single fields ("call-id field") that look like ids but name nothing another company owns. */
export const notApplicableFields: Record<string, string> = {
  'contact.inquire email': "the inquirer's own reply address",
  'tickets.createTicket contact_email': "the ticket contact's address, free text",
  'tickets.getTickets search_ticket_id': "a search over the caller's own tickets (another's number finds nothing)",
  'products.getBuckets search_bucket': "a search within the caller's own order",
  'users.addNewUser email_nm': "the invitee's address; the answer is the same for any address (decision 084)",
  'users.addExistingUser email_nm': "the invitee's address; the answer is the same for any address (decision 084)",
  'users.updateProfile email_nm': "the caller's own new address",
  'audit.getEntries user_id': "a filter within the caller's account's log (another's user matches no entry)",
  'audit.exportEntries user_id': "a filter within the caller's account's log (another's user matches no entry)",
};

export interface IdCall {
  call: Call;
  /** The fields to swap for another company's: each names an object and has a sample source. */
  fields: Field[];
}

/** Every call that takes an object id, and the id-looking fields nobody has accounted for. */
export function idCalls(): { calls: IdCall[]; unknown: string[] } {
  const calls: IdCall[] = [];
  const unknown: string[] = [];
  for (const call of allCalls) {
    if (call.id in notApplicable) continue;
    const fields: Field[] = [];
    for (const field of fieldsOf(inputSchema(call))) {
      const name = String(field.path.filter((p) => typeof p === 'string').at(-1));
      if (!looksLikeId(name) || `${call.id} ${fieldName(field.path)}` in notApplicableFields) continue;
      if (sourceOf(call, name)) fields.push(field);
      else unknown.push(`${call.id} ${fieldName(field.path)}`);
    }
    if (fields.length) calls.push({ call, fields });
  }
  return { calls, unknown };
}
