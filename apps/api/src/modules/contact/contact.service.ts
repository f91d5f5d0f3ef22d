import type { z } from 'zod';

import { contact } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAccount, type Caller } from '../../lib/scope.ts';
import { recordEvent } from '../events/events.service.ts';
import { findInquirer, findTeam, insertInquiry, setInquiryMailStatus } from './contact.repository.ts';

type Inquiry = z.output<typeof contact.inquiryInput>;

/** The message the provider's inbox receives: what the customer wrote and who they are in the portal. */
export function inquiryMail(
  inquiry: Inquiry,
  meta: { inquiryId: number; createdAt: string; actorUserId: number | null },
  inquirer: Awaited<ReturnType<typeof findInquirer>>,
): string {
  const { user, accounts } = inquirer;
  const lines = [
    `${contact.inquiryTitles[inquiry.inquiry_type]} #${meta.inquiryId} (received ${meta.createdAt})`,
    '',
    `Name: ${inquiry.first_name} ${inquiry.last_name}`,
    `Email: ${inquiry.email}`,
    `Type: ${inquiry.inquiry_type}`,
    ...(inquiry.value ? [`Reference: ${inquiry.value}`] : []),
    `Subject: ${inquiry.subject}`,
    '',
    inquiry.inquiry,
    '',
    '-- ',
    `Portal user: ${user ? `${user.first_nm} ${user.last_nm} <${user.email_nm}> (user ${user.user_id})` : 'unknown'}`,
    ...(meta.actorUserId ? [`Sent by staff user ${meta.actorUserId} signed in as this user.`] : []),
    `Accounts: ${accounts.length ? accounts.map((a) => `${a.account_number} ${a.name} (${a.company_nm})`).join('; ') : 'none'}`,
  ];
  return lines.join('\n');
}

export function contactService(deps: Deps) {
  return {
    async team(caller: Caller, accountId: number) {
      await requireAccount(deps.db, caller, accountId);
      return findTeam(deps.db, accountId);
    },
    /**
     * Stores the inquiry, then mails it to the provider's inbox. A failed send is reported to the
     * caller (MAIL_FAILED) while the stored inquiry stays, marked failed, for the provider to pick up.
     */
    async inquire(caller: Caller, inquiry: Inquiry, address: string) {
      await deps.limiter.attempt('inquire', `${caller.userId}:${address}`);
      const stored = await deps.db.tx(async (tx) => {
        const row = await insertInquiry(tx, {
          userId: caller.userId,
          actorUserId: caller.actorUserId,
          inquiry_type: inquiry.inquiry_type,
          first_name: inquiry.first_name,
          last_name: inquiry.last_name,
          email: inquiry.email,
          subject: inquiry.subject,
          inquiry: inquiry.inquiry,
          value: inquiry.value || null,
        });
        if (row) {
          await recordEvent(tx, {
            type: 'inquiry.created',
            nowMs: deps.clock.now(),
            userId: caller.userId,
            data: {
              inquiry_id: row.inquiry_id,
              inquiry_type: inquiry.inquiry_type,
              subject: inquiry.subject,
              value: inquiry.value || null,
            },
          });
        }
        return row;
      });
      if (!stored) throw new Error('inquiry was not stored');
      const inquirer = await findInquirer(deps.db, caller.userId);
      try {
        await deps.mailer.send({
          to: (await deps.provider.current()).mail.inquiryInbox,
          subject: inquiry.subject,
          text: inquiryMail(
            inquiry,
            { inquiryId: stored.inquiry_id, createdAt: stored.created_at, actorUserId: caller.actorUserId },
            inquirer,
          ),
          replyTo: inquiry.email,
          kind: 'inquiry',
        });
      } catch (error) {
        await setInquiryMailStatus(deps.db, stored.inquiry_id, 'failed');
        if (error instanceof AppError) {
          throw new AppError(
            'MAIL_FAILED',
            'Your inquiry was saved, but we could not send it to our team just now. Please try again later.',
            { inquiry_id: stored.inquiry_id },
          );
        }
        throw error;
      }
      await setInquiryMailStatus(deps.db, stored.inquiry_id, 'sent');
      return { inquiry_id: stored.inquiry_id };
    },
  };
}
