import type { CardBrand } from '@contract/travel';

/**
 * The payment service interface: what the API asks of a card payment service (a PSP),
 * answered today by the sandbox payment service (sandbox.ts) and later by a real adapter. The API
 * never sees a card number: the browser gives the card to the service, which answers a token, and the
 * API pays with that token. Amounts are integer cents (EUR).
 *
 * Every call that moves money is keyed by the merchant (us): the same key asked again answers the
 * same payment or refund, never a second one, so a retry after a crash or a lost answer is safe.
 */

/** What the service lets the merchant know of a card behind a token. */
export type CardDetails = { brand: CardBrand; last4: string; expMonth: number; expYear: number; holder: string };

/**
 * A payment at the service: `requires_authentication` waits for the holder on the bank's page
 * (`authenticationUrl`), `authorized` holds the funds, `captured` took them, `voided` released them;
 * `declined` and `authentication_failed` never held anything.
 */
export type PspPaymentStatus = 'requires_authentication' | 'authorized' | 'authentication_failed' | 'declined' | 'captured' | 'voided';

export type PspPayment = {
  id: string;
  status: PspPaymentStatus;
  amount: number;
  capturedAmount: number;
  refundedAmount: number;
  authenticationUrl: string | null;
};

/** The service could not be reached, or refused a call the merchant should not have made. */
export class PaymentError extends Error {
  override name = 'PaymentError';
  constructor(
    readonly kind: 'unavailable' | 'invalid_token' | 'invalid_state' | 'key_reused' | 'not_found',
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentService {
  /** The card a token stands for, when the token may be used for `customer` (a token serves the customer it was first used for); null otherwise. */
  card(token: string, customer: string): Promise<CardDetails | null>;
  /**
   * Asks to hold `amount` on the card: authorized at once, declined, or waiting for the holder to
   * authenticate at their bank (3-D Secure), whose page sends the browser back to `returnUrl`.
   */
  authorize(request: { key: string; token: string; customer: string; amount: number; description: string; returnUrl: string }): Promise<PspPayment>;
  /** After the holder answered the bank (or left): authorized when they authenticated, authentication_failed when they refused, else unchanged. */
  confirm(paymentId: string): Promise<PspPayment>;
  /** Takes the held funds (again: the same answer). */
  capture(paymentId: string): Promise<PspPayment>;
  /** Releases the hold, or ends a payment still waiting for authentication (again: the same answer). */
  cancel(paymentId: string): Promise<PspPayment>;
  /** Gives `amount` of a captured payment back to the card, once per key. */
  refund(paymentId: string, refund: { key: string; amount: number }): Promise<PspPayment>;
  /** The payment as the service knows it, by its id or by the merchant's authorization key; null when it knows none. */
  status(ref: { id: string } | { key: string }): Promise<PspPayment | null>;
}
