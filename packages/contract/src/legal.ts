import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';

export const agreementSummary = z.object({ legal_agreement_id: z.number().int(), title: z.string() });
export type AgreementSummary = z.infer<typeof agreementSummary>;

/** An agreement with its body: HTML, sanitized on the server (safe to render as HTML). */
export const agreement = agreementSummary.extend({ body: z.string() });
export type Agreement = z.infer<typeof agreement>;

export const legalTexts = {
  agree: 'Agree',
  accepted: 'Thank you. The agreement has been accepted.',
  notFound: 'This agreement was not found.',
  actorCannotAccept: 'Only the user can accept an agreement; staff signed in as the user cannot.',
} as const;

// The legal calls stay reachable while an agreement is pending (that is what they are for) and while
// two-factor is required but off (accepting reveals nothing; the two-factor gate follows right after).
const legalAuth = { access: 'user', exempt: ['legal', 'twoFactor'] } as const;

export const getUnacceptedAgreements = defineCall({
  id: 'legal.getUnacceptedAgreements',
  summary:
    "The active agreements the signed-in user has not accepted yet, oldest first. (The path's spelling is the spec's.)",
  tag: 'legal',
  methods: ['POST'],
  path: '/legal/get-unnaccepted-agreements',
  input: z.object({}),
  data: z.array(agreement),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: legalAuth,
});

export const getActiveAgreements = defineCall({
  id: 'legal.getActiveAgreements',
  summary: 'The active agreements (public: account creation links to them), oldest first.',
  tag: 'legal',
  methods: ['POST'],
  path: '/legal/get-active-agreements',
  input: z.object({}),
  data: z.array(agreement),
  codes: ['SUCCESS'],
  auth: { access: 'public' },
});

export const getAgreement = defineCall({
  id: 'legal.getAgreement',
  summary: 'One agreement: an active one, or one the user has accepted.',
  tag: 'legal',
  methods: ['POST'],
  path: '/legal/get-agreement',
  input: z.object({ legalAgreementId: id }),
  data: agreement.extend({ accepted: z.boolean() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: legalAuth,
});

export const acceptAgreement = defineCall({
  id: 'legal.acceptAgreement',
  summary: 'Accept an active agreement. Answers how many active agreements are still pending.',
  tag: 'legal',
  methods: ['POST'],
  path: '/legal/accept-agreement',
  input: z.object({ legalAgreementId: id }),
  data: z.object({ legal_agreement_id: z.number().int(), remaining: z.number().int() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: legalAuth,
});
