import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';

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
  summary: 'The account team of one of the caller\'s accounts.',
  tag: 'contact',
  methods: ['POST'],
  path: '/contact/get-team',
  input: z.object({ accountId: id }),
  data: z.array(teamMember),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});
