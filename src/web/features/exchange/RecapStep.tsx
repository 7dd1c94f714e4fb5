import { Trans, useLingui } from '@lingui/react/macro';
import type { ExchangeOffer } from '@contract/exchange';
import { Button } from '@web/components/Button';
import { formatPrice } from '@web/lib/format';
import { JourneySummary } from './JourneySummary';
import { formatDelta } from './rules';

/** Step 3 (spec 2 §2 "Exchange confirmation panel"): the new journey, the exchange fees, the fare difference, the total; then confirm. */
export function RecapStep({ offer, confirming, onConfirm }: { offer: ExchangeOffer; confirming: boolean; onConfirm: () => void }) {
  const { t } = useLingui();
  const { product } = offer;
  return (
    <div className="space-y-5">
      <section aria-labelledby="exchange-new-journey" className="rounded-xl border border-gray-200 bg-white p-4">
        <h3 id="exchange-new-journey" className="mb-2 font-semibold text-gray-900">
          <Trans>Nouveau trajet</Trans>
        </h3>
        <JourneySummary departure={product.departure} arrival={product.arrival} routes={product.routes} duration={product.duration} />
      </section>
      <dl className="max-w-md space-y-2 text-gray-900">
        <div className="flex justify-between gap-6">
          <dt>{t`Frais d’échange`}</dt>
          <dd className="tabular-nums">{formatPrice(offer.exchangeFees)}</dd>
        </div>
        <div className="flex justify-between gap-6">
          <dt>{t`Différence de tarif`}</dt>
          <dd className="tabular-nums">{formatDelta(offer.priceDelta)}</dd>
        </div>
        <div className="flex justify-between gap-6 border-t border-gray-200 pt-2 text-lg font-bold">
          <dt>{t`Total`}</dt>
          <dd className="tabular-nums">{formatDelta(offer.totalPrice)}</dd>
        </div>
      </dl>
      {offer.links.confirmExchange ? (
        <Button busy={confirming} onClick={onConfirm}>
          <Trans>Confirmer l’échange</Trans>
        </Button>
      ) : (
        <p className="text-gray-800">
          <Trans>Cette offre ne peut plus être confirmée : lancez une nouvelle recherche.</Trans>
        </p>
      )}
    </div>
  );
}
