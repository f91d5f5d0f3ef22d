import { randomBytes } from 'node:crypto';

import { messages, payments as contract, type CallParsed, type PaymentStatus } from '@portal/contract';
import { moneyText } from '@portal/contract/display';

import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import { pageOrLast } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordEvent } from '../events/events.service.ts';
import { refreshAmountPaid } from '../integration/collections/payments.ts';
import { isoDay } from '../invoices/invoice-format.ts';
import {
  claimProviderEvent,
  deleteMethod,
  findAccountByCustomer,
  findAccountRecipients,
  findActions,
  findAutopayDue,
  findDefaultMethod,
  findMethod,
  findMethods,
  findOpenInvoices,
  findPayingAccount,
  findPayment,
  findPaymentAccount,
  findPaymentByRefs,
  findPayments,
  insertMethod,
  insertPaymentAccount,
  insertPortalPayment,
  isAccountInvoice,
  makeDefaultMethod,
  markReceiptSent,
  setProviderRefs,
  syncCountedPayment,
  updateAutopay,
  updatePaymentStatus,
  type PaymentRow,
} from './payments.repository.ts';
import { InvalidEvent, type PaymentChange, type PaymentProvider, type SavedMethod } from './provider.ts';
import { stripeProvider } from './stripe.ts';

/** The portal's payment counted in its invoice's paid amount and the balance at once (decision 127). */
async function countPayment(db: Db, p: Parameters<typeof syncCountedPayment>[1]) {
  await syncCountedPayment(db, p);
  if (p.cycleLogId !== null) await refreshAmountPaid(db, [p.cycleLogId]);
}

const texts = contract.paymentTexts;

/** The configured provider, or null: then every payments call answers NOT_FOUND and the app shows none. */
export function createProvider(env: Env): PaymentProvider | null {
  return env.PAYMENTS_PROVIDER === 'stripe' ? stripeProvider(env) : null;
}

/** An amount in the currency's minor units (cents); null when it has more decimals than the currency. */
export function toMinor(amount: number, currency: string): number | null {
  const scaled = amount * 10 ** contract.currencyDecimals(currency);
  const minor = Math.round(scaled);
  return Math.abs(scaled - minor) < 1e-6 ? minor : null;
}

/**
 * Which reported status may follow which, so events arriving out of order never step a payment back:
 * a late "processing" after "succeeded" changes nothing. Refunds and disputes have their own paths.
 */
const nextStatuses: Record<PaymentStatus, readonly PaymentStatus[]> = {
  open: ['processing', 'requires_action', 'succeeded', 'failed', 'canceled'],
  requires_action: ['processing', 'succeeded', 'failed', 'canceled'],
  processing: ['succeeded', 'failed'],
  failed: ['succeeded'],
  canceled: [],
  succeeded: [],
  refunded: [],
  disputed: [],
};

/** What a payment in this state counts for in the invoice's paid amount and the balance. */
const countedAmount = (status: PaymentStatus, amount: number, refunded: number) =>
  status === 'processing' || status === 'succeeded'
    ? amount
    : status === 'refunded'
      ? Math.max(0, Math.round((amount - refunded) * 100) / 100)
      : 0;

const eventOf: Partial<
  Record<PaymentStatus, 'payment.succeeded' | 'payment.failed' | 'payment.refunded' | 'payment.disputed'>
> = {
  succeeded: 'payment.succeeded',
  failed: 'payment.failed',
  requires_action: 'payment.failed',
  refunded: 'payment.refunded',
  disputed: 'payment.disputed',
};

type After = () => Promise<void>;

/** What the payments rules use (the autopay worker builds it without an API process). */
export type PaymentDeps = Pick<Deps, 'db' | 'env' | 'clock' | 'mailer'>;

export function paymentsService(
  deps: PaymentDeps,
  provider: PaymentProvider | null,
  log: (obj: object, msg: string) => void,
) {
  const today = () => isoDay(deps.clock.now());
  const money = (amount: number, currency: string) => moneyText(amount, currency, deps.env.PORTAL_LOCALE);

  const requireProvider = () => {
    if (!provider) throw notFound(texts.notAvailable);
    return provider;
  };

  /** The caller's account (NOT_FOUND for another company's), with the provider configured. */
  const accountOf = async (caller: Caller, accountId: number) => {
    requireProvider();
    const account = await findPayingAccount(deps.db, caller.userId, accountId);
    if (!account) throw notFound();
    return account;
  };

  /** Staff signed in as the customer see everything and change nothing. */
  const assertCanPay = (caller: Caller) => {
    if (caller.actorUserId !== null) throw forbidden(texts.actorCannotPay);
  };
  const assertCanManage = (caller: Caller, account: { is_account_admin: boolean }) => {
    assertCanPay(caller);
    if (!account.is_account_admin) throw forbidden(texts.adminsOnly);
  };

  /** The provider's answer, or SERVICE_UNAVAILABLE with the reason logged. */
  const atProvider = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      log({ err: error, what }, 'payment provider request failed');
      throw new AppError('SERVICE_UNAVAILABLE', texts.providerFailed);
    }
  };

  /** The provider's customer of the account, created the first time the account pays or saves a method. */
  const customerOf = async (account: { account_id: number; account_number: string; name: string }) => {
    const p = requireProvider();
    const held = await findPaymentAccount(deps.db, account.account_id);
    if (held) return held.customer_ref;
    const customerRef = await atProvider('customer', () =>
      p.createCustomer({ accountNumber: account.account_number, name: account.name }),
    );
    await insertPaymentAccount(deps.db, account.account_id, p.name, customerRef);
    return (await findPaymentAccount(deps.db, account.account_id))?.customer_ref ?? customerRef;
  };

  const eventData = (p: PaymentRow, status: PaymentStatus, extra: Record<string, unknown> = {}) => ({
    payment_reference: p.payment_reference,
    invoice_number: p.invoice_number,
    amount: p.amount,
    currency: p.currency,
    status,
    autopay: p.autopay,
    provider: provider?.name ?? null,
    provider_ids: { checkout_session: p.session_ref, payment_intent: p.intent_ref, charge: p.charge_ref },
    ...extra,
  });

  /** Mail that must not fail the change it follows (a receipt, a request to act): logged when it does. */
  const mailSafely = async (send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      log({ err: error }, 'payment message not sent');
    }
  };

  const paymentLink = (p: { account_id: number; payment_reference: string }) =>
    portalLink(deps.env, `invoices/payment/${p.account_id}/${encodeURIComponent(p.payment_reference)}`);

  /** The messages a payment's new status sends, once the change is committed: to the payer, or for an
   * automatic charge to the account's administrators. */
  const messagesFor =
    (p: PaymentRow, status: PaymentStatus, failure: string | null): After =>
    async () => {
      const amount = money(p.amount, p.currency);
      const what = p.invoice_number ? `invoice ${p.invoice_number}` : `account ${p.account_number}`;
      const link = paymentLink(p);
      const receipt = status === 'succeeded' && (await markReceiptSent(deps.db, p.payment_reference));
      const action = status === 'failed' || status === 'requires_action';
      if (!receipt && !action) return;
      for (const r of await findAccountRecipients(deps.db, p.account_id, p.autopay ? null : p.user_id)) {
        const text = receipt
          ? [
              `We have received your payment of ${amount} for ${what} (account ${p.account_number}).`,
              `Payment reference: ${p.payment_reference}`,
              `Date: ${today()}`,
              ...(p.autopay ? ["It was charged automatically to the account's default payment method (autopay)."] : []),
            ]
          : [
              `The payment of ${amount} for ${what} (account ${p.account_number}) needs you. ` +
                (status === 'requires_action'
                  ? 'Your bank needs you to confirm it before it can be charged.'
                  : `It did not go through${failure ? `: ${failure}` : '.'}`),
            ];
        await mailSafely(() =>
          deps.mailer.send({
            to: r.email_nm,
            kind: receipt ? 'payment-receipt' : 'payment-action',
            subject: receipt
              ? `Payment received: ${amount} for ${what}`
              : `Action needed: payment of ${amount} for ${what}`,
            text: [`Hello ${r.first_nm},`, '', ...text, '', `${receipt ? 'Details' : 'Finish it here'}: ${link}`].join(
              '\n',
            ),
            links: [link],
          }),
        );
      }
    };

  /**
   * Applies a status the provider reported, inside `tx`: the status (when it may follow the current one),
   * what the payment counts for, and its event. Answers the messages to send after commit, if any.
   */
  async function applyChange(tx: Db, change: PaymentChange, nowMs: number): Promise<After | null> {
    const p = await findPaymentByRefs(tx, change);
    if (!p) return null;
    await setProviderRefs(tx, p.payment_reference, change);
    const current = { ...p, ...refsOf(p, change) };
    if (!nextStatuses[p.status].includes(change.status)) return null;
    // A declined attempt on the hosted page: the customer is still there and may try again; the page's
    // own outcome (completed or expired) decides.
    if (p.status === 'open' && p.session_ref && !change.sessionRef && change.status === 'failed') return null;
    await updatePaymentStatus(tx, p.payment_reference, {
      status: change.status,
      failureMessage: change.failureMessage ?? null,
      nowMs,
    });
    await countPayment(tx, {
      reference: p.payment_reference,
      accountId: p.account_id,
      cycleLogId: p.cycle_log_id,
      counted: countedAmount(change.status, p.amount, p.amount_refunded),
      nowMs,
    });
    const type = eventOf[change.status];
    if (type) {
      await recordEvent(tx, {
        type,
        nowMs,
        accountId: p.account_id,
        data: eventData(
          current,
          change.status,
          change.failureMessage ? { failure_message: change.failureMessage } : {},
        ),
      });
      await recordAudit(tx, {
        kind: 'payment',
        nowMs,
        accountIds: [p.account_id],
        subject: p.payment_reference,
        detail: `Payment ${change.status}`,
      });
    }
    return messagesFor(current, change.status, change.failureMessage ?? null);
  }

  const refsOf = (p: PaymentRow, change: PaymentChange) => ({
    session_ref: p.session_ref ?? change.sessionRef ?? null,
    intent_ref: change.intentRef ?? p.intent_ref,
    charge_ref: change.chargeRef ?? p.charge_ref,
  });

  /** A refund reported: how much is refunded now is read at the provider, so reports' order does not matter. */
  async function applyRefund(tx: Db, chargeRef: string, intentRef: string | undefined, nowMs: number) {
    const p = await findPaymentByRefs(tx, { ...(intentRef ? { intentRef } : {}) });
    if (!p || !['succeeded', 'refunded', 'processing'].includes(p.status)) return;
    await setProviderRefs(tx, p.payment_reference, { chargeRef });
    const refund = await requireProvider().refundStatus(chargeRef);
    const refunded = refund.amountRefundedMinor / 10 ** contract.currencyDecimals(p.currency);
    if (refunded <= p.amount_refunded) return;
    await updatePaymentStatus(tx, p.payment_reference, { status: 'refunded', amountRefunded: refunded, nowMs });
    await countPayment(tx, {
      reference: p.payment_reference,
      accountId: p.account_id,
      cycleLogId: p.cycle_log_id,
      counted: countedAmount('refunded', p.amount, refunded),
      nowMs,
    });
    await recordEvent(tx, {
      type: 'payment.refunded',
      nowMs,
      accountId: p.account_id,
      data: eventData({ ...p, charge_ref: chargeRef }, 'refunded', { amount_refunded: refunded, fully: refund.fully }),
    });
  }

  /** A dispute opened (the payment stops counting) or closed (won: counts again; lost: stays disputed). */
  async function applyDispute(tx: Db, outcome: 'open' | 'won' | 'lost', intentRef: string | undefined, nowMs: number) {
    const p = await findPaymentByRefs(tx, { ...(intentRef ? { intentRef } : {}) });
    if (!p) return;
    const next: PaymentStatus | null =
      outcome === 'open' && ['succeeded', 'refunded', 'processing'].includes(p.status)
        ? 'disputed'
        : outcome === 'won' && p.status === 'disputed'
          ? 'succeeded'
          : null;
    if (outcome === 'lost' && p.status === 'disputed') {
      await recordEvent(tx, {
        type: 'payment.disputed',
        nowMs,
        accountId: p.account_id,
        data: eventData(p, 'disputed', { dispute: 'lost' }),
      });
      return;
    }
    if (!next) return;
    await updatePaymentStatus(tx, p.payment_reference, { status: next, nowMs });
    await countPayment(tx, {
      reference: p.payment_reference,
      accountId: p.account_id,
      cycleLogId: p.cycle_log_id,
      counted: countedAmount(next, p.amount, p.amount_refunded),
      nowMs,
    });
    await recordEvent(tx, {
      type: next === 'disputed' ? 'payment.disputed' : 'payment.succeeded',
      nowMs,
      accountId: p.account_id,
      data: eventData(p, next, { dispute: outcome }),
    });
  }

  /** Saves the method a setup page saved (once however often it is reported) and sends its event. */
  async function saveMethod(method: SavedMethod, nowMs: number): Promise<boolean> {
    const p = requireProvider();
    const owner = await findAccountByCustomer(deps.db, p.name, method.customerRef);
    if (!owner) return false;
    return deps.db.tx(async (tx) => {
      const saved = await insertMethod(tx, owner.account_id, method, nowMs);
      if (!saved) return false;
      await recordEvent(tx, {
        type: 'payment_method.changed',
        nowMs,
        accountId: owner.account_id,
        data: { change: 'added', kind: method.kind, brand: method.brand, last4: method.last4, provider: p.name },
      });
      await recordAudit(tx, {
        kind: 'payment_method.changed',
        nowMs,
        accountIds: [owner.account_id],
        detail: `Added ${method.brand ?? method.kind} ending ${method.last4 ?? ''}`.trim(),
      });
      return true;
    });
  }

  const options = async (caller: Caller, accountId: number) => {
    const p = requireProvider();
    const account = await accountOf(caller, accountId);
    const [invoices, held, methods] = await Promise.all([
      findOpenInvoices(deps.db, accountId),
      findPaymentAccount(deps.db, accountId),
      findMethods(deps.db, accountId),
    ]);
    const reason =
      caller.actorUserId !== null ? texts.actorCannotPay : !account.is_account_admin ? texts.adminsOnly : null;
    return {
      account_id: account.account_id,
      account_number: account.account_number,
      account_name: account.name,
      currency: account.currency,
      balance: account.balance,
      minimum_amount: p.minimumAmount(account.currency),
      open_invoices: invoices,
      can_pay: caller.actorUserId === null,
      can_manage: caller.actorUserId === null && account.is_account_admin,
      reason,
      autopay: { enabled: held?.autopay ?? false, days_before: held?.autopay_days_before ?? 0 },
      methods,
    };
  };

  /** Runs `fn` in a transaction and then its messages. */
  const changeThen = async (fn: (tx: Db) => Promise<After | null>) => {
    const after = await deps.db.tx(fn);
    if (after) await after();
  };

  /** What the return page reads: a payment whose hosted page has not reported yet is asked about at once. */
  async function refreshFromProvider(p: PaymentRow) {
    if (p.status !== 'open' || !p.session_ref) return;
    const sessionRef = p.session_ref;
    const change = await atProvider('session', () => requireProvider().readPaymentSession(sessionRef));
    if (!change || change.status === 'open') return;
    await changeThen((tx) => applyChange(tx, { ...change, reference: p.payment_reference }, deps.clock.now()));
  }

  return {
    status: () => ({ enabled: provider !== null, provider: provider?.name ?? null }),

    async options(caller: Caller, input: CallParsed<typeof contract.getOptions>) {
      if (input.setupSession) {
        const sessionRef = input.setupSession;
        await accountOf(caller, input.accountId);
        const method = await atProvider('setup', () => requireProvider().readSetupMethod(sessionRef));
        const held = await findPaymentAccount(deps.db, input.accountId);
        if (method && held?.customer_ref === method.customerRef) await saveMethod(method, deps.clock.now());
      }
      return options(caller, input.accountId);
    },

    async startCheckout(caller: Caller, input: CallParsed<typeof contract.startCheckout>) {
      const p = requireProvider();
      const account = await accountOf(caller, input.accountId);
      assertCanPay(caller);
      if (input.currency.toUpperCase() !== account.currency) {
        throw invalid({ currency: [texts.wrongCurrency(account.currency)] });
      }
      let limit = account.balance;
      let invoiceNumber: string | null = null;
      if (input.cycleLogId !== undefined) {
        const invoice = (await findOpenInvoices(deps.db, account.account_id)).find(
          (i) => i.cycle_log_id === input.cycleLogId,
        );
        if (!invoice) {
          const known = await isAccountInvoice(deps.db, account.account_id, input.cycleLogId);
          if (!known) throw notFound(messages.noInvoice);
          throw invalid({ amount: [texts.nothingOpen] });
        }
        limit = invoice.open_amount;
        invoiceNumber = invoice.invoice_number;
      } else if (limit <= 0) {
        throw invalid({ amount: [texts.nothingToPay] });
      }
      const decimals = contract.currencyDecimals(account.currency);
      const minor = toMinor(input.amount, account.currency);
      if (minor === null) throw invalid({ amount: [texts.decimals(decimals)] });
      const minimum = p.minimumAmount(account.currency);
      if (input.amount < minimum) throw invalid({ amount: [texts.minimum(money(minimum, account.currency))] });
      if (input.amount > limit) throw invalid({ amount: [texts.maximum(money(limit, account.currency))] });

      const reference = `portal-${randomBytes(8).toString('hex')}`;
      const customerRef = await customerOf(account);
      const nowMs = deps.clock.now();
      await insertPortalPayment(deps.db, {
        reference,
        accountId: account.account_id,
        cycleLogId: input.cycleLogId ?? null,
        amount: input.amount,
        currency: account.currency,
        userId: caller.userId,
        autopay: false,
        nowMs,
      });
      const back = paymentLink({ account_id: account.account_id, payment_reference: reference });
      const session = await atProvider('checkout', () =>
        p.createPaymentSession({
          reference,
          customerRef,
          amountMinor: minor,
          currency: account.currency,
          description: invoiceNumber
            ? `Invoice ${invoiceNumber} (account ${account.account_number})`
            : `Payment to account ${account.account_number}`,
          metadata: {
            payment_reference: reference,
            account_number: account.account_number,
            ...(invoiceNumber ? { invoice_number: invoiceNumber } : {}),
          },
          successUrl: back,
          cancelUrl: back,
        }),
      );
      await setProviderRefs(deps.db, reference, { sessionRef: session.sessionRef });
      return { url: session.url, payment_reference: reference };
    },

    async payment(caller: Caller, accountId: number, reference: string) {
      await accountOf(caller, accountId);
      const held = await findPayment(deps.db, accountId, reference);
      if (!held) throw notFound(texts.noPayment);
      await refreshFromProvider(held);
      const p = (await findPayment(deps.db, accountId, reference)) as PaymentRow;
      return publicPayment(p);
    },

    async payments(caller: Caller, accountId: number, page: number) {
      await accountOf(caller, accountId);
      return pageOrLast(page, 20, (n) => findPayments(deps.db, accountId, n, 20));
    },

    /** Without a provider there is nothing to act on: an empty list, so the dashboard asks without knowing. */
    async actions(caller: Caller) {
      return provider ? findActions(deps.db, caller.userId) : [];
    },

    async startSetup(caller: Caller, accountId: number) {
      const p = requireProvider();
      const account = await accountOf(caller, accountId);
      assertCanManage(caller, account);
      const customerRef = await customerOf(account);
      const back = portalLink(deps.env, `invoices/payments/${account.account_id}`);
      const session = await atProvider('setup', () =>
        p.createSetupSession({
          customerRef,
          currency: account.currency,
          metadata: { account_number: account.account_number },
          successUrl: `${back}?setup={CHECKOUT_SESSION_ID}`,
          cancelUrl: back,
        }),
      );
      return { url: session.url };
    },

    async setDefaultMethod(caller: Caller, accountId: number, methodId: number) {
      const account = await accountOf(caller, accountId);
      assertCanManage(caller, account);
      const method = await findMethod(deps.db, accountId, methodId);
      if (!method) throw notFound();
      await deps.db.tx(async (tx) => {
        await makeDefaultMethod(tx, accountId, methodId);
        await recordEvent(tx, {
          type: 'payment_method.changed',
          nowMs: deps.clock.now(),
          accountId,
          userId: caller.userId,
          data: { change: 'default', kind: method.kind, brand: method.brand, last4: method.last4 },
        });
        await recordAudit(tx, {
          kind: 'payment_method.changed',
          nowMs: deps.clock.now(),
          caller,
          accountIds: [accountId],
          detail: `Made ${method.brand ?? method.kind} ending ${method.last4 ?? ''} the default`,
        });
      });
      return findMethods(deps.db, accountId);
    },

    async removeMethod(caller: Caller, accountId: number, methodId: number) {
      const p = requireProvider();
      const account = await accountOf(caller, accountId);
      assertCanManage(caller, account);
      const method = await findMethod(deps.db, accountId, methodId);
      if (!method) throw notFound();
      await atProvider('detach', () => p.detachMethod(method.provider_ref));
      await deps.db.tx(async (tx) => {
        await deleteMethod(tx, accountId, methodId);
        const nowMs = deps.clock.now();
        await recordEvent(tx, {
          type: 'payment_method.changed',
          nowMs,
          accountId,
          userId: caller.userId,
          data: { change: 'removed', kind: method.kind, brand: method.brand, last4: method.last4 },
        });
        await recordAudit(tx, {
          kind: 'payment_method.changed',
          nowMs,
          caller,
          accountIds: [accountId],
          detail: `Removed ${method.brand ?? method.kind} ending ${method.last4 ?? ''}`,
        });
        // Autopay charges the default method: without it, autopay stops (and says so).
        const held = await findPaymentAccount(tx, accountId);
        if (method.is_default && held?.autopay) {
          await updateAutopay(tx, accountId, false, held.autopay_days_before, today());
          await recordEvent(tx, {
            type: 'autopay.changed',
            nowMs,
            accountId,
            userId: caller.userId,
            data: { enabled: false, days_before: held.autopay_days_before, reason: 'default method removed' },
          });
        }
      });
      return findMethods(deps.db, accountId);
    },

    async setAutopay(caller: Caller, input: CallParsed<typeof contract.setAutopay>) {
      const account = await accountOf(caller, input.accountId);
      assertCanManage(caller, account);
      if (input.enabled && !(await findDefaultMethod(deps.db, input.accountId))) {
        throw invalid({ enabled: [texts.noDefaultMethod] });
      }
      await customerOf(account);
      return deps.db.tx(async (tx) => {
        const row = await updateAutopay(tx, input.accountId, input.enabled, input.days_before, today());
        await recordEvent(tx, {
          type: 'autopay.changed',
          nowMs: deps.clock.now(),
          accountId: input.accountId,
          userId: caller.userId,
          data: { enabled: row?.autopay ?? false, days_before: row?.autopay_days_before ?? 0 },
        });
        await recordAudit(tx, {
          kind: 'autopay.changed',
          nowMs: deps.clock.now(),
          caller,
          accountIds: [input.accountId],
          detail: row?.autopay ? `Autopay on, ${row.autopay_days_before} days before the due date` : 'Autopay off',
        });
        return { enabled: row?.autopay ?? false, days_before: row?.autopay_days_before ?? 0 };
      });
    },

    /**
     * One webhook delivery: verified (a forged, altered or replayed one is refused and logged), applied
     * once however often it comes (the event id is claimed in the same transaction as its change).
     */
    async webhook(rawBody: unknown, signature: string | undefined, ip: string) {
      const p = requireProvider();
      const nowMs = deps.clock.now();
      let event;
      try {
        if (typeof rawBody !== 'string') throw new InvalidEvent('the body is not JSON text');
        event = p.readEvent(rawBody, signature, nowMs);
      } catch (error) {
        if (!(error instanceof InvalidEvent)) throw error;
        log({ ip, reason: error.message }, 'payment provider webhook refused');
        throw new AppError('BAD_REQUEST', 'The event could not be verified.');
      }
      if (event.kind === 'setup') {
        const sessionRef = event.sessionRef;
        const method = await atProvider('setup', () => p.readSetupMethod(sessionRef));
        if (method) await saveMethod(method, nowMs);
        await deps.db.tx((tx) => claimProviderEvent(tx, event.id, event.type, nowMs));
        return { received: true };
      }
      await changeThen(async (tx) => {
        if (!(await claimProviderEvent(tx, event.id, event.type, nowMs))) return null;
        if (event.kind === 'payment') return applyChange(tx, event.change, nowMs);
        if (event.kind === 'refund') await applyRefund(tx, event.chargeRef, event.intentRef, nowMs);
        if (event.kind === 'dispute') await applyDispute(tx, event.outcome, event.intentRef, nowMs);
        return null;
      });
      return { received: true };
    },

    /**
     * Charges the default method of every autopay account for each invoice due (within its days). Each
     * charge is claimed first (one autopay payment per invoice, a unique index): however many processes
     * run this, an invoice is charged once; the provider's idempotency key covers a retried request.
     */
    async runAutopay(): Promise<number> {
      if (!provider) return 0;
      let charged = 0;
      for (const due of await findAutopayDue(deps.db, today())) {
        const reference = `portal-${randomBytes(8).toString('hex')}`;
        const claimed = await insertPortalPayment(deps.db, {
          reference,
          accountId: due.account_id,
          cycleLogId: due.cycle_log_id,
          amount: due.open_amount,
          currency: due.currency,
          userId: null,
          autopay: true,
          nowMs: deps.clock.now(),
        });
        if (!claimed) continue;
        const minor = toMinor(due.open_amount, due.currency) as number;
        let change: PaymentChange;
        try {
          change = await provider.chargeSaved({
            reference,
            customerRef: due.customer_ref,
            methodRef: due.method_ref,
            amountMinor: minor,
            currency: due.currency,
            metadata: {
              payment_reference: reference,
              account_number: due.account_number,
              invoice_number: due.invoice_number,
            },
          });
        } catch (error) {
          log({ err: error, reference }, 'autopay charge failed at the provider');
          change = { status: 'failed', failureMessage: texts.providerFailed };
        }
        await changeThen((tx) => applyChange(tx, { ...change, reference }, deps.clock.now()));
        charged++;
      }
      return charged;
    },
  };
}

/** A payment as the contract shows it (without the provider's ids and bookkeeping). */
function publicPayment(p: PaymentRow) {
  const { session_ref: _s, intent_ref: _i, charge_ref: _c, user_id: _u, receipt_sent: _r, ...rest } = p;
  return rest;
}

export type PaymentsService = ReturnType<typeof paymentsService>;
