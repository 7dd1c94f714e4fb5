import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleCheck from 'lucide-react/icons/circle-check';
import { DEFAULT_FEATURES } from '@contract/account';
import type { Travel } from '@contract/travel';
import { buttonClass } from '@web/components/Button';
import { PaymentNote } from '@web/components/PaymentNote';
import { useUser } from '@web/lib/me';
import type { Outcome } from './FinalStep';
import { holdDeadline } from './FinalStep';
import { formatDeadline } from '@web/lib/format';
import { CHECKOUT_TEXTS } from './messages';

/**
 * Spec 2 "Success view": approval sent, booking confirmed, or the option held. SEE_TICKETS under
 * seeTicketButtonOnSuccess; the agency's customUrlPostReservation button replaces the way home.
 */
export function SuccessView({ outcome, travel }: { outcome: Outcome; travel: Travel }) {
  const { t, i18n } = useLingui();
  const features = useUser()?.features ?? DEFAULT_FEATURES;
  const heading = useRef<HTMLHeadingElement>(null);
  // The page did not change address: move focus so keyboard and screen-reader users land on the result.
  useEffect(() => heading.current?.focus(), []);

  const deadline = holdDeadline(travel);
  const until = deadline ? formatDeadline(deadline) : '';
  const title =
    outcome === 'approval'
      ? i18n._(CHECKOUT_TEXTS.YOUR_APPROVAL_SENT)
      : outcome === 'booked'
        ? i18n._(CHECKOUT_TEXTS.YOUR_BOOKING_IS_CONFIRMED)
        : deadline
          ? t`Option posée jusqu’au ${until}`
          : t`Option posée`;
  const custom = features.customUrlPostReservation;

  return (
    <section
      aria-labelledby="success-title"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-2xl border border-gray-200 bg-white p-8 text-center"
    >
      <CircleCheck aria-hidden="true" size={48} className="text-green-700" />
      <h2 id="success-title" ref={heading} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
        {title}
      </h2>
      <p className="text-gray-800">
        {outcome === 'approval' && <Trans>Votre valideur est prévenu par e-mail ; le voyage sera réservé dès son accord.</Trans>}
        {outcome === 'booked' && (
          <Trans>Une confirmation vous est envoyée par e-mail, avec le voyage à ajouter à votre agenda ; vos billets suivront dès leur émission.</Trans>
        )}
        {outcome === 'held' && (
          <Trans>Confirmez l’option depuis votre panier avant cette date, sinon elle sera libérée. Cette date vous est aussi envoyée par e-mail.</Trans>
        )}
      </p>
      {outcome === 'booked' && travel.payment?.method === 'card' && <PaymentNote payment={travel.payment} className="items-center" />}
      <div className="flex flex-wrap justify-center gap-2">
        {features.seeTicketButtonOnSuccess && outcome !== 'held' && (
          <Link to="/travel-view" search={{ travel: travel.id }} className={buttonClass.secondary}>
            {i18n._(CHECKOUT_TEXTS.SEE_TICKETS)}
          </Link>
        )}
        {custom ? (
          <a href={custom.url} className={buttonClass.primary}>
            {custom.label}
          </a>
        ) : outcome === 'held' ? (
          <Link to="/cart" className={buttonClass.primary}>
            <Trans>Voir mon panier</Trans>
          </Link>
        ) : (
          <Link to="/" className={buttonClass.primary}>
            <Trans>Réserver un autre voyage</Trans>
          </Link>
        )}
      </div>
    </section>
  );
}
