import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { ExchangeDone } from '@contract/exchange';
import { buttonClass } from '@web/components/Button';
import { JourneySummary } from './JourneySummary';

/** Step 4 (spec 2 §2): the exchange is done, the booking updated, an e-mail sent (to whom); back to the trip; the new journey. */
export function SuccessStep({ done, email }: { done: ExchangeDone; email: string | null }) {
  const { product, travel } = done;
  return (
    <div className="space-y-5">
      <div className="space-y-2 rounded-xl bg-green-50 p-4 text-green-950">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CircleCheck aria-hidden="true" size={22} />
          <Trans>Votre billet a été échangé.</Trans>
        </p>
        <p>
          <Trans>Votre réservation a été mise à jour avec le nouveau trajet.</Trans>
        </p>
        {email && (
          <p>
            <Trans>Un e-mail de confirmation a été envoyé à {email}.</Trans>
          </p>
        )}
      </div>
      <section aria-labelledby="exchange-done-journey" className="rounded-xl border border-gray-200 bg-white p-4">
        <h3 id="exchange-done-journey" className="mb-2 font-semibold text-gray-900">
          <Trans>Votre nouveau trajet</Trans>
        </h3>
        <JourneySummary departure={product.departure} arrival={product.arrival} routes={product.routes} duration={product.duration} />
        {product.pnr && (
          <p className="mt-2 text-sm text-gray-800">
            <Trans>Référence</Trans> : <span className="font-mono">{product.pnr}</span>
          </p>
        )}
      </section>
      <Link to="/travel-view" search={{ travel: travel.id }} className={buttonClass.primary}>
        <Trans>Retour au voyage</Trans>
      </Link>
    </div>
  );
}
