import type { PaymentStatus } from '@portal/contract';

/**
 * The one interface between the portal and a payment provider (decision 127): Stripe is one module
 * behind it; another provider (Mollie, GoCardless, Adyen) is another. Amounts cross it in the currency's
 * minor units (cents), currencies as ISO 4217 codes.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The least one payment may be in this currency (major units), as the provider accepts it. */
  minimumAmount(currency: string): number;
  /** Creates the provider's customer of an account (once per account); answers its id. */
  createCustomer(account: { accountNumber: string; name: string }): Promise<string>;
  /** A hosted page that takes one payment. */
  createPaymentSession(request: PaymentSessionRequest): Promise<HostedSession>;
  /** A hosted page that saves a payment method for later (off-session) charges. */
  createSetupSession(request: SetupSessionRequest): Promise<HostedSession>;
  /** Charges a saved method without the customer (autopay). Declines answer, never throw. */
  chargeSaved(request: ChargeRequest): Promise<PaymentChange>;
  /** What became of a hosted payment page (the return page asks when no event came yet). */
  readPaymentSession(sessionRef: string): Promise<PaymentChange | null>;
  /** The method a completed setup page saved. */
  readSetupMethod(sessionRef: string): Promise<SavedMethod | null>;
  /** Removes a saved method at the provider. */
  detachMethod(methodRef: string): Promise<void>;
  /** How much of a charge is refunded now (read at the provider, so refund events' order does not matter). */
  refundStatus(chargeRef: string): Promise<{ amountRefundedMinor: number; fully: boolean }>;
  /**
   * A webhook delivery, verified with the provider's signature (throws `InvalidEvent` for a forged,
   * altered or too old one) and read into what the portal applies.
   */
  readEvent(rawBody: string, signature: string | undefined, nowMs: number): ProviderEvent;
}

export class InvalidEvent extends Error {}

export interface PaymentSessionRequest {
  reference: string;
  customerRef: string;
  amountMinor: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

export interface SetupSessionRequest {
  customerRef: string;
  currency: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
}

export interface ChargeRequest {
  reference: string;
  customerRef: string;
  methodRef: string;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface HostedSession {
  sessionRef: string;
  url: string;
}

/** A payment's new state as the provider reports it, found by whichever of its ids the report carries. */
export interface PaymentChange {
  reference?: string;
  sessionRef?: string;
  intentRef?: string;
  chargeRef?: string;
  status: PaymentStatus;
  failureMessage?: string;
}

export interface SavedMethod {
  customerRef: string;
  methodRef: string;
  kind: string;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  bankName: string | null;
}

export type ProviderEvent = {
  id: string;
  type: string;
} & (
  | { kind: 'payment'; change: PaymentChange }
  | { kind: 'refund'; chargeRef: string; intentRef?: string }
  | { kind: 'dispute'; chargeRef: string; intentRef?: string; outcome: 'open' | 'won' | 'lost' }
  | { kind: 'setup'; sessionRef: string }
  | { kind: 'ignored' }
);
