import { Trans, useLingui } from '@lingui/react/macro';
import { OnBehalfNote } from '@web/components/OnBehalfNote';
import { PaymentNote } from '@web/components/PaymentNote';
import type { Product, Travel } from '@contract/travel';
import { formatDay, formatJourneySpan, formatMoney } from '@web/lib/format';

/** What a product is, in a line, and when: a trip's route, a stay's hotel and nights, a rental's car and agency. */
function useProductLine() {
  const { t } = useLingui();
  return (product: Product): { title: string; when: string; detail?: string } => {
    if (product.hotel) {
      const { name, checkin, checkout, nightsCount: nights, rooms } = product.hotel;
      const [from, to] = [formatDay(checkin), formatDay(checkout)];
      return {
        title: name,
        when: nights > 1 ? t`Du ${from} au ${to}, ${nights} nuits` : t`Du ${from} au ${to}, ${nights} nuit`,
        detail: rooms.map((r) => r.name).join(', '),
      };
    }
    if (product.carRental) {
      const { carType, renter, pickUp, dropOff } = product.carRental;
      // The agencies' own clocks, as written.
      return { title: t`${carType} · ${renter.name}`, when: formatJourneySpan(pickUp.datetime, dropOff.datetime), detail: pickUp.location.name };
    }
    const from = product.routes[0]?.from ?? product.name;
    const to = product.routes[product.routes.length - 1]?.to ?? '';
    // The stations' own clocks, whatever the reader's zone.
    return { title: to ? t`${from} → ${to}` : from, when: formatJourneySpan(product.departure, product.arrival) };
  };
}

/** What is being booked: each product with its journey, dates and travellers, and the total. */
export function TravelRecap({ travel }: { travel: Travel }) {
  const line = useProductLine();
  const total = formatMoney(travel.price);
  return (
    <section aria-labelledby="checkout-recap" className="rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="checkout-recap" className="text-lg font-bold text-gray-900">
        <Trans>Votre voyage</Trans>
      </h2>
      <OnBehalfNote onBehalf={travel.onBehalf} />
      <ul className="mt-3 flex flex-col gap-3">
        {travel.products.map((product) => {
          const { title, when, detail } = line(product);
          const travellers = product.ticketsByPax.map((p) => `${p.pax.firstname} ${p.pax.lastname}`).join(', ');
          return (
            <li key={product.id} className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-100 pb-3 last:border-0 last:pb-0">
              <div>
                <p className="font-semibold text-gray-900">{title}</p>
                <p className="text-gray-700 tabular-nums">{when}</p>
                {detail && <p className="text-sm text-gray-700">{detail}</p>}
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
      {travel.payment?.method === 'card' && <PaymentNote payment={travel.payment} className="mt-3 border-t border-gray-200 pt-3" />}
    </section>
  );
}
