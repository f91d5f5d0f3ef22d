import type { FastifyInstance } from 'fastify';

import { identity } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { answer, route } from '../../plugins/route.ts';
import { createCaptcha } from '../captcha/captcha.service.ts';
import { createUserCreationService } from './create-user.service.ts';
import { createInvitationLinkService } from './invitations.service.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createVerificationService } from './verification.service.ts';

export async function identityRoutes(app: FastifyInstance, deps: Deps) {
  const captcha = createCaptcha(deps);
  const resets = createPasswordResetService(deps);
  const verification = createVerificationService(deps, captcha);
  const creation = createUserCreationService(deps, captcha);
  const invitations = createInvitationLinkService(deps);
  const created = (result: { data: unknown; message: string }) => answer(result.data, 'USER_CREATED', result.message);

  route(app, deps, identity.forgotPassword, ({ input, request }) => resets.forgotPassword(input.email, request.ip));
  route(app, deps, identity.resetPassword, ({ input, request }) => resets.resetPassword(input, request.ip));

  route(app, deps, identity.verifyEmail, ({ input, request }) =>
    verification.verifyEmail(input.userId, input.hash, request.ip),
  );
  route(app, deps, identity.verifyEmailAndSetPassword, ({ input, request }) =>
    verification.verifyEmailAndSetPassword(input, request.ip),
  );
  route(app, deps, identity.resendVerification, ({ input, request }) =>
    verification.resendVerification(input.email_nm, request.ip),
  );

  route(app, deps, identity.createUserFromAccount, async ({ input, request }) =>
    created(await creation.fromAccount(input, request.ip)),
  );
  route(app, deps, identity.createUserFromInvoice, async ({ input, request }) =>
    created(await creation.fromInvoice(input, request.ip)),
  );
  route(app, deps, identity.createUserFromHash, async ({ input, request }) =>
    created(await creation.fromHash(input, request.ip)),
  );

  route(app, deps, identity.checkInvitation, ({ input }) => invitations.check(input.hash));
  route(app, deps, identity.acceptInvitation, async ({ input }) =>
    answer(await invitations.accept(input.hash), 'SUCCESS', identity.texts.invitationAccepted),
  );
}
