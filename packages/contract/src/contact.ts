import { z } from 'zod';

import { defineCall } from './call.ts';
import { email, id, optionalText, requiredText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

export const teamMember = z.object({
  team_member_id: z.number().int(),
  avatar: z.string().nullable(),
  first_nm: z.string(),
  last_nm: z.string(),
  team_title: z.string(),
  email_nm: z.string(),
  phones: z.array(z.object({ phone: z.string() })),
});
export type TeamMember = z.infer<typeof teamMember>;

export const getTeam = defineCall({
  id: 'contact.getTeam',
  summary: "The account team of one of the caller's accounts.",
  tag: 'contact',
  methods: ['POST'],
  path: '/contact/get-team',
  input: z.object({ accountId: id }),
  data: z.array(teamMember),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/** What an inquiry is about (the {type} segment of inquire/{type}/{display}/{value}). */
export const inquiryTypes = ['pending', 'ticket', 'notification', 'feedback'] as const;
export type InquiryType = (typeof inquiryTypes)[number];

/** Page titles and mail subjects of each inquiry type (spec core.md section 9), quoted exactly. */
export const inquiryTitles: Record<InquiryType, string> = {
  pending: 'Pending Order Inquiry',
  ticket: 'Trouble Ticket Inquiry',
  notification: 'CMC Notification Inquiry',
  feedback: 'Customer Portal Feedback',
};

export const inquirySubject = (type: InquiryType, display = ''): string => {
  switch (type) {
    case 'pending':
      return `Re: Pending Order #${display}`;
    case 'ticket':
      return `Re: Trouble Ticket #${display}`;
    case 'notification':
      return `Re: CMC Notification #${display}`;
    case 'feedback':
      return 'Re: Customer Portal Feedback';
  }
};

export const inquiryLimits = { name: 100, subject: 255, inquiry: 5000, value: 100 } as const;

export const inquiryInput = z.object({
  inquiry_type: z.enum(inquiryTypes, { error: m.type }),
  first_name: requiredText(inquiryLimits.name),
  last_name: requiredText(inquiryLimits.name),
  email,
  subject: requiredText(inquiryLimits.subject),
  inquiry: requiredText(inquiryLimits.inquiry),
  value: optionalText(inquiryLimits.value),
});
export type InquiryInput = z.input<typeof inquiryInput>;

export const inquire = defineCall({
  id: 'contact.inquire',
  summary:
    "Sends an inquiry (about a pending order, a ticket, a notification, or feedback) to the provider's inbox; it is stored first, so nothing is lost when mail fails.",
  tag: 'contact',
  methods: ['POST'],
  path: '/contact/inquire',
  input: inquiryInput,
  data: z.object({ inquiry_id: z.number().int() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS', 'MAIL_FAILED', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/** Shown once an inquiry has been sent. */
export const inquirySent = 'Thank you. Your inquiry has been sent; our team will get back to you soon.';
