import { Trans, useLingui } from '@lingui/react/macro';
import type { Travel } from '../../../contract/travel';
import { formatJourneySpan, formatMoney } from '../../lib/format';

/** What is being booked: each product with its journey, dates and travellers, and the total. */
export function TravelRecap({ travel }: { travel: Travel }) {
  const { t } = useLingui();
  const total = formatMoney(travel.price);
  return (
    <section aria-labelledby="checkout-recap" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="checkout-recap" className="text-lg font-bold text-gray-900">
        <Trans>Votre voyage</Trans>
      </h2>
      <ul className="mt-3 flex flex-col gap-3">
        {travel.products.map((product) => {
          const from = product.routes[0]?.from ?? product.name;
          const to = product.routes[product.routes.length - 1]?.to ?? '';
          const travellers = product.ticketsByPax.map((p) => `${p.pax.firstname} ${p.pax.lastname}`).join(', ');
          return (
            <li key={product.id} className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-100 pb-3 last:border-0 last:pb-0">
              <div>
                <p className="font-semibold text-gray-900">{to ? t`${from} → ${to}` : from}</p>
                {/* The stations' own clocks, whatever the reader's zone. */}
                <p className="text-gray-700 tabular-nums">{formatJourneySpan(product.departure, product.arrival)}</p>
                {travellers && <p className="text-sm text-gray-600">{travellers}</p>}
                {!product.isCompliant && (
                  <p className="text-sm font-medium text-amber-800">
                    <Trans>Hors politique voyage</Trans>
                  </p>
                )}
              </div>
              <p className="font-semibold text-gray-900 tabular-nums">{formatMoney(product.price)}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 flex justify-between border-t border-gray-200 pt-3 text-lg font-bold text-gray-900">
        <span>
          <Trans>Total</Trans>
        </span>
        <span className="tabular-nums">{total}</span>
      </p>
    </section>
  );
}
