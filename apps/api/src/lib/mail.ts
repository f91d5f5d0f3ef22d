import nodemailer from 'nodemailer';

import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { ProviderProfiles } from '../modules/provider/profiles.ts';
import { AppError } from './errors.ts';
import { recordMail } from './mail.repository.ts';
import { escapeHtml } from './text.ts';

/**
 * Every kind of message the portal sends. A new kind goes here (the type refuses any other), and the
 * no-demo-trace test (apps/api/test/provider/) fails until it drives a message of that kind (issue 34).
 */
export const mailKinds = [
  'password-reset',
  'password-reset-unknown',
  'verification',
  'set-password',
  'verification-not-needed',
  'signup-access',
  'access-request',
  'invitation',
  'access-invitation',
  'email-changed',
  'pin-reset',
  'recovery-code-used',
  'inquiry',
  'ticket',
  'payment-receipt',
  'payment-action',
  'webhook-disabled',
] as const;
export type MailKind = (typeof mailKinds)[number];

export interface Message {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the message carries (verification, reset...): listed in the outbox page. */
  links?: string[];
  /** What the message is for (one of `mailKinds`). */
  kind: MailKind;
  replyTo?: string;
}

export interface Mailer {
  /** True when there is no SMTP server and messages are kept in the local outbox. */
  readonly usesOutbox: boolean;
  send(message: Message): Promise<void>;
}

/** The message closed with the provider's footer (decision 123): its lines under the text, and under the HTML. */
export function withFooter(message: Message, footer: string[]): Message {
  if (footer.length === 0) return message;
  return {
    ...message,
    text: `${message.text.replace(/\n+$/, '')}\n\n-- \n${footer.join('\n')}\n`,
    ...(message.html
      ? { html: `${message.html}\n<p style="color:#666">${footer.map(escapeHtml).join('<br>')}</p>` }
      : {}),
  };
}

/**
 * The one way the portal sends mail. With SMTP_URL it sends over SMTP; otherwise every message is
 * kept in the local outbox. Every message is recorded; a failed send is logged, recorded and
 * reported to the caller as MAIL_FAILED, never dropped silently. Every message is sent under the
 * provider profile's sender and closed with its footer (decision 123).
 */
export function createMailer(
  env: Env,
  db: Db,
  provider: ProviderProfiles,
  log: (obj: object, msg: string) => void = () => {},
): Mailer {
  const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  const record = (m: Message, status: 'kept' | 'sent' | 'failed', error: string | null = null) =>
    recordMail(db, m, status, error);
  return {
    usesOutbox: !transport,
    async send(unsigned) {
      const { mail } = await provider.current();
      const message = withFooter(unsigned, mail.footer);
      if (!transport) {
        await record(message, 'kept');
        return;
      }
      try {
        await transport.sendMail({
          from: mail.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        });
        await record(message, 'sent');
      } catch (error) {
        const reason = (error as Error).message;
        log({ err: error, to: message.to, kind: message.kind }, 'mail send failed');
        await record(message, 'failed', reason);
        throw new AppError('MAIL_FAILED', 'We could not send the email. Please try again later.');
      }
    },
  };
}

/** An absolute link into the portal app, for messages. */
export const portalLink = (env: Env, path: string) =>
  `${env.PUBLIC_URL.replace(/\/$/, '')}/portal/${path.replace(/^\//, '')}`;

/**
 * Runs a send that follows a committed change: false when the mail could not be sent (the mailer has
 * logged and recorded it), so the caller reports it instead of failing a change that already happened.
 */
export async function delivered(send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'MAIL_FAILED') throw error;
    return false;
  }
}
