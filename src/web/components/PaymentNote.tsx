import { Trans, useLingui } from '@lingui/react/macro';
import CreditCard from 'lucide-react/icons/credit-card';
import type { Money } from '@contract/money';
import type { CardBrand, TravelPayment } from '@contract/travel';
import { formatMoney } from '../lib/format';

/**
 * A travel paid by card: "Payée par carte Visa •••• 4242", the amount, where the payment
 * stands and the refunds that went back to the card. Shown by the checkout's success view and recap,
 * the cart's travel card and recap, and (CardPaymentNote) each ticket of the bookings. A payment on the
 * company's account, the default, is not spelled out.
 */

const BRANDS: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard' };

/** A card as it may be shown: its brand and last 4 digits ("Visa •••• 4242"). */
export const cardLabel = (card: { brand: CardBrand; last4: string }) => `${BRANDS[card.brand]} •••• ${card.last4}`;

export function PaymentNote({ payment, className = '' }: { payment: TravelPayment; className?: string }) {
  const { t } = useLingui();
  if (!payment.card) return null;
  const amount = formatMoney(payment.amount);
  const statuses: Record<TravelPayment['status'], string> = {
    authorized: t`paiement autorisé, débit en cours`,
    captured: t`débité`,
    partially_refunded: t`partiellement remboursé`,
    refunded: t`remboursé`,
  };
  const card = cardLabel(payment.card);
  const refunds = payment.refunds.filter((r) => r.status === 'done');
  return (
    <div className={`flex flex-col gap-1 text-gray-800 ${className}`}>
      <p className="flex items-center gap-2 font-medium text-gray-900">
        <CreditCard aria-hidden="true" size={18} />
        <Trans>Payée par carte {card}</Trans>
      </p>
      <p className="tabular-nums">
        {amount} · {statuses[payment.status]}
      </p>
      {refunds.length > 0 && (
        <ul className="tabular-nums" aria-label={t`Remboursements`}>
          {refunds.map((r) => {
            const refunded = formatMoney(r.amount);
            return (
              <li key={r.productId}>
                <Trans>
                  {refunded} remboursés sur la carte {card}
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A ticket paid by card: the card, and what this ticket's cancellation gave back to it. */
export function CardPaymentNote({ card, refund }: { card: { brand: CardBrand; last4: string }; refund: Money | null }) {
  const label = cardLabel(card);
  const refunded = refund ? formatMoney(refund) : null;
  return (
    <>
      <Trans>Payé par carte {label}</Trans>
      {refunded && (
        <>
          {' · '}
          <Trans>{refunded} remboursés sur la carte</Trans>
        </>
      )}
    </>
  );
}
