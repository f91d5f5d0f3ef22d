import type { FastifyInstance } from 'fastify';

import { payments } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createProvider, paymentsService } from './payments.service.ts';

export async function paymentsRoutes(app: FastifyInstance, deps: Deps) {
  const service = paymentsService(deps, createProvider(deps.env), (obj, msg) => app.log.warn(obj, msg));
  route(app, deps, payments.getStatus, async () => service.status());
  route(app, deps, payments.getOptions, ({ input, caller }) => service.options(caller, input));
  route(app, deps, payments.startCheckout, ({ input, caller }) => service.startCheckout(caller, input));
  route(app, deps, payments.getPayment, ({ input, caller }) =>
    service.payment(caller, input.accountId, input.reference),
  );
  route(app, deps, payments.getPayments, ({ input, caller }) => service.payments(caller, input.accountId, input.page));
  route(app, deps, payments.getActions, ({ caller }) => service.actions(caller));
  route(app, deps, payments.startSetup, ({ input, caller }) => service.startSetup(caller, input.accountId));
  route(app, deps, payments.setDefaultMethod, ({ input, caller }) =>
    service.setDefaultMethod(caller, input.accountId, input.methodId),
  );
  route(app, deps, payments.removeMethod, ({ input, caller }) =>
    service.removeMethod(caller, input.accountId, input.methodId),
  );
  route(app, deps, payments.setAutopay, ({ input, caller }) => service.setAutopay(caller, input));

  // The provider signs the exact bytes it sent: its webhook reads the body as text, unparsed.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    route(scope, deps, payments.stripeWebhook, ({ request }) => {
      const signature = request.headers['stripe-signature'];
      return service.webhook(request.body, typeof signature === 'string' ? signature : undefined, request.ip);
    });
  });
}
