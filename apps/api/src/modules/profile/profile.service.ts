import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';

import { checkPasswordPolicy, messages, profile as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { claimTotpStep, dropRecoveryCodes, issueRecoveryCodes } from '../auth/auth.service.ts';
import { matchTotp } from '../auth/totp.ts';
import { setPasswordHash } from '../identity/password-reset.service.ts';
import { linkLifetimes } from '../identity/link-tokens.ts';
import { composeMessage, hello } from '../identity/mail-templates.ts';
import { sendEmailVerification } from '../identity/verification.service.ts';
import { findProfile, setTwoFactor, updateProfile, type ProfileRow } from './profile.repository.ts';

/** What other modules (and the seed) use of this module's rows: they import this service, never its repository. */
export { setTwoFactor } from './profile.repository.ts';

const texts = contract.profileTexts;

const publicProfile = (row: ProfileRow): contract.Profile => ({
  user_id: row.user_id,
  email_nm: row.email_nm,
  first_nm: row.first_nm,
  last_nm: row.last_nm,
  email_verified: row.email_verified,
  two_factor_enabled: row.two_factor_enabled,
});

export function createProfileService(
  deps: Pick<Deps, 'db' | 'clock' | 'limiter' | 'tokens' | 'mailer' | 'env' | 'provider'>,
) {
  async function load(caller: Caller): Promise<ProfileRow> {
    const row = await findProfile(deps.db, caller.userId);
    if (!row) throw notFound();
    return row;
  }

  /** The current password, rate-limited per user like a sign-in (a stolen session cannot guess it). */
  async function checkCurrentPassword(row: ProfileRow, password: string, field: string) {
    const key = `user:${row.user_id}`;
    await deps.limiter.assertNotLocked('current-password', key);
    if (!(await verifyPassword(row.password_hash, password))) {
      await deps.limiter.failure('current-password', key);
      throw invalid({ [field]: [texts.wrongPassword] });
    }
    await deps.limiter.success('current-password', key);
  }

  /** Password and two-factor belong to the person: staff signed in as the user may not change them. */
  const assertSelf = (caller: Caller) => {
    if (caller.actorUserId !== null) throw forbidden(texts.actorCannotChange);
  };

  return {
    async get(caller: Caller) {
      return publicProfile(await load(caller));
    },

    async update(caller: Caller, input: { email_nm: string; first_nm: string; last_nm: string; passwd: string }) {
      const row = await load(caller);
      await checkCurrentPassword(row, input.passwd, 'passwd');
      const now = deps.clock.now();
      const emailChanged = row.email_nm.toLowerCase() !== input.email_nm.toLowerCase();
      const changed = [
        emailChanged ? `email from ${row.email_nm} to ${input.email_nm}` : null,
        row.first_nm !== input.first_nm || row.last_nm !== input.last_nm
          ? `name from ${row.first_nm} ${row.last_nm} to ${input.first_nm} ${input.last_nm}`
          : null,
      ].filter((part) => part !== null);
      const ok = await deps.db.tx(async (db) => {
        const saved = await updateProfile(db, {
          userId: row.user_id,
          email: input.email_nm,
          firstName: input.first_nm,
          lastName: input.last_nm,
          nowMs: now,
          unverifiedUntilMs: now + linkLifetimes.emailVerification,
        });
        if (saved && changed.length > 0)
          await recordAudit(db, {
            kind: 'profile.changed',
            nowMs: now,
            caller,
            detail: `Changed ${changed.join(', ')}`,
          });
        return saved;
      });
      if (!ok) throw invalid({ email_nm: ['This email address is used by another portal user.'] });
      if (emailChanged) {
        await sendEmailVerification(deps, row.user_id);
        await deps.mailer.send(
          composeMessage({
            to: row.email_nm,
            kind: 'email-changed',
            subject: 'Your customer portal email address was changed',
            greeting: hello(input.first_nm),
            lines: [
              `The email address of your customer portal user was changed to ${input.email_nm}.`,
              'If you did not do this, contact support right away.',
            ],
          }),
        );
      }
      return publicProfile(await load(caller));
    },

    /** Changes the password; every older token stops working and this session gets a fresh one. */
    async updatePassword(caller: Caller, input: { current_password: string; passwd: string }) {
      assertSelf(caller);
      const row = await load(caller);
      await checkCurrentPassword(row, input.current_password, 'current_password');
      const problems = checkPasswordPolicy(input.passwd, row.email_nm);
      if (input.passwd === input.current_password) problems.push(texts.samePassword);
      if (problems.length) throw invalid({ passwd: problems });
      const now = deps.clock.now();
      const hash = await hashPassword(input.passwd);
      const updated = await deps.db.tx(async (db) => {
        const saved = await setPasswordHash(db, row.user_id, hash, now);
        if (saved) await recordAudit(db, { kind: 'password.changed', nowMs: now, caller });
        return saved;
      });
      if (!updated) throw notFound();
      return deps.tokens.sign(
        { user_id: row.user_id, uss_admin_level: updated.uss_admin_level, tv: updated.token_version },
        Math.floor(now / 1000),
      );
    },

    /** Get started: a fresh secret and its QR code. Stored only when activated with a passcode. */
    async newTwoFactorSecret(caller: Caller) {
      assertSelf(caller);
      const row = await load(caller);
      const key = generateSecret();
      const uri = generateURI({
        issuer: (await deps.provider.current()).fields.portal_name,
        label: row.email_nm,
        secret: key,
      });
      return { key, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
    },

    async activateTwoFactor(caller: Caller, input: { passcode: string; secretKey: string }) {
      assertSelf(caller);
      const row = await load(caller);
      // Replacing the secret of an active two-factor needs the password first (turn it off, then on).
      if (row.two_factor_enabled) throw forbidden(texts.alreadyOn);
      const key = `user:${row.user_id}`;
      await deps.limiter.assertNotLocked('passcode', key);
      const step = await matchTotp(input.secretKey, input.passcode, deps.clock.now());
      // The step is recorded, so the same passcode cannot also sign in (or activate) again.
      if (step === null || !(await claimTotpStep(deps.db, row.user_id, step))) {
        await deps.limiter.failure('passcode', key);
        throw new AppError('INVALID_PASSCODE', messages.invalidPasscode);
      }
      await deps.limiter.success('passcode', key);
      await deps.db.tx(async (db) => {
        await setTwoFactor(db, row.user_id, input.secretKey);
        await recordAudit(db, { kind: 'two_factor.enabled', nowMs: deps.clock.now(), caller });
      });
      return { two_factor_enabled: true, recovery_codes: await issueRecoveryCodes(deps, row.user_id) };
    },

    async disableTwoFactor(caller: Caller, input: { currentPassword: string }) {
      assertSelf(caller);
      const row = await load(caller);
      await checkCurrentPassword(row, input.currentPassword, 'currentPassword');
      if (row.two_factor_required) throw forbidden(texts.twoFactorStillRequired);
      await deps.db.tx(async (db) => {
        await setTwoFactor(db, row.user_id, null);
        await dropRecoveryCodes(db, row.user_id, new Date(deps.clock.now()));
        await recordAudit(db, { kind: 'two_factor.disabled', nowMs: deps.clock.now(), caller });
      });
      return { two_factor_enabled: false };
    },

    /** A new set of recovery codes, replacing the old one; needs the password and two-factor on. */
    async createRecoveryCodes(caller: Caller, input: { currentPassword: string }) {
      assertSelf(caller);
      const row = await load(caller);
      await checkCurrentPassword(row, input.currentPassword, 'currentPassword');
      if (!row.two_factor_enabled) throw forbidden(texts.recoveryCodesNeedTwoFactor);
      const codes = await issueRecoveryCodes(deps, row.user_id);
      await recordAudit(deps.db, { kind: 'recovery_codes.replaced', nowMs: deps.clock.now(), caller });
      return { recovery_codes: codes };
    },
  };
}
