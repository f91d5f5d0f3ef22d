import { randomInt } from 'node:crypto';

import { messages, pins } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashLinkToken, newLinkToken } from '../identity/link-tokens.ts';
import { recordEvent } from '../events/events.service.ts';
import {
  findPinAccount,
  findPinAccounts,
  findUserEmail,
  insertPinReset,
  setPinHash,
  spendPinReset,
} from './pins.repository.ts';

/** What other modules (and the seed) use of this module's rows: they import this service, never its repository. */
export { setPinHash } from './pins.repository.ts';

/** A fresh compliance PIN: uniformly random digits. */
export const newPin = () => String(randomInt(0, 10 ** pins.pinRules.digits)).padStart(pins.pinRules.digits, '0');

/**
 * Compliance PINs. The database keeps only an argon2 hash of each PIN; a reset generates a new PIN
 * and shows it once. Reset links are single-use, expire, work only for the user they were sent to,
 * and the database keeps only the SHA-256 of their key.
 */
export function pinsService(deps: Deps) {
  const { db, clock, env, mailer, limiter } = deps;

  return {
    list: (caller: Caller) => findPinAccounts(db, caller.userId),

    async sendReset(caller: Caller, accountId: number, ip: string) {
      await limiter.attempt('pin-reset', ip);
      const account = await findPinAccount(db, caller.userId, accountId);
      const user = await findUserEmail(db, caller.userId);
      if (!account?.has_pin || !user) throw notFound();
      const { token, hash } = newLinkToken();
      const at = new Date(clock.now());
      await insertPinReset(db, {
        accountId,
        userId: caller.userId,
        keyHash: hash,
        expiresAt: new Date(at.getTime() + pins.pinRules.linkTtlSeconds * 1000),
        at,
      });
      const link = portalLink(env, `pins/reset/${token}/${accountId}`);
      const minutes = Math.round(pins.pinRules.linkTtlSeconds / 60);
      await mailer.send({
        to: user.email_nm,
        kind: 'pin-reset',
        subject: `Reset the compliance PIN of account ${account.account_number}`,
        text: [
          `Hello ${user.first_nm},`,
          '',
          `You asked to reset the compliance PIN of account ${account.account_number} (${account.name}).`,
          `Open this link while signed in to the portal to get the new PIN. It works once, for ${minutes} minutes:`,
          '',
          link,
          '',
          'If you did not ask for this, ignore this message: the current PIN stays as it is.',
        ].join('\n'),
        links: [link],
      });
      return { account_id: accountId };
    },

    async reset(caller: Caller, resetKey: string, accountId: number, ip: string) {
      await limiter.attempt('pin-reset-link', ip);
      const pin = newPin();
      const pinHash = await hashPassword(pin);
      const account = await db.tx(async (tx) => {
        const spent = await spendPinReset(tx, caller.userId, accountId, hashLinkToken(resetKey), new Date(clock.now()));
        if (spent) {
          await setPinHash(tx, accountId, pinHash);
          await recordEvent(tx, { type: 'pin.reset', nowMs: clock.now(), accountId, userId: caller.userId });
          await recordAudit(tx, { kind: 'pin.reset', nowMs: clock.now(), caller, accountIds: [accountId] });
        }
        return spent;
      });
      if (!account) throw notFound(messages.pinLinkInvalid);
      return { ...account, pin };
    },
  };
}
