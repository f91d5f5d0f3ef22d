import sanitizeHtml from 'sanitize-html';

import { legal } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordEvent } from '../events/events.service.ts';
import * as repo from './legal.repository.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { acceptAgreement, acceptAllActiveAgreements } from './legal.repository.ts';

/** Agreement bodies are HTML: only formatting tags and safe links survive, so the app may render them. */
const safeHtml = (html: string) =>
  sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }) },
  });

const clean = <T extends { body: string }>(row: T): T => ({ ...row, body: safeHtml(row.body) });

export function createLegalService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async unaccepted(caller: Caller) {
      return (await repo.findUnacceptedAgreements(deps.db, caller.userId)).map(clean);
    },

    async active() {
      return (await repo.findActiveAgreements(deps.db)).map(clean);
    },

    async get(caller: Caller, agreementId: number) {
      const row = await repo.findAgreementForUser(deps.db, caller.userId, agreementId);
      if (!row) throw new AppError('NOT_FOUND', legal.legalTexts.notFound);
      return clean({
        legal_agreement_id: row.legal_agreement_id,
        title: row.title,
        body: row.body,
        accepted: row.accepted,
      });
    },

    async accept(caller: Caller, agreementId: number) {
      // Agreeing binds the customer: staff signed in as the user cannot do it for them.
      if (caller.actorUserId !== null) throw forbidden(legal.legalTexts.actorCannotAccept);
      const accepted = await deps.db.tx(async (tx) => {
        const done = await repo.acceptAgreement(tx, caller.userId, agreementId, deps.clock.now());
        if (done) {
          await recordEvent(tx, {
            type: 'legal.accepted',
            nowMs: deps.clock.now(),
            userId: caller.userId,
            data: { legal_agreement_id: agreementId },
          });
        }
        return done;
      });
      if (!accepted) {
        throw new AppError('NOT_FOUND', legal.legalTexts.notFound);
      }
      return {
        legal_agreement_id: agreementId,
        remaining: await repo.countUnacceptedAgreements(deps.db, caller.userId),
      };
    },
  };
}
