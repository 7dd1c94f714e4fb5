import { useQuery } from '@tanstack/react-query';
import { OnBehalfNote } from '@web/components/OnBehalfNote';
import { PaymentNote } from '@web/components/PaymentNote';
import { BookingStatus } from '@web/components/BookingStatus';
import { Trans, useLingui } from '@lingui/react/macro';
import Printer from 'lucide-react/icons/printer';
import { personName } from '@contract/person-name';
import type { Product } from '@contract/travel';
import { Button } from '@web/components/Button';
import { OfflineNotice } from '@web/components/OfflineNotice';
import { DEFAULT_NAME, useBranding } from '@web/lib/branding';
import { travelQuery } from '@web/lib/travels';
import { formatDay, formatDuration, formatMoney, formatTime } from '@web/lib/format';
import { useCabinLabel } from '@web/lib/cabin';
import { useFlexibilityLabel } from '@web/components/labels/flexibility';
import { useProductTypeLabel } from './labels';

function Seat({ coachNumber, seatNumber }: { coachNumber: string; seatNumber: string }) {
  return (
    <Trans>
      Voiture {coachNumber}, place {seatNumber}
    </Trans>
  );
}

/** One product as this passenger travels it: legs with their seats, then the tickets' references and conditions. */
function RecapProduct({ product, paxName }: { product: Product; paxName: string }) {
  const { t } = useLingui();
  const cabinLabel = useCabinLabel();
  const flexibilityLabel = useFlexibilityLabel();
  const typeLabel = useProductTypeLabel();
  const entry = product.ticketsByPax.find(({ pax }) => personName(pax) === paxName);
  if (!entry) return null;
  const seatOf = (number: string) =>
    entry.tickets.flatMap((ticket) => ticket.transportations).find((tr) => tr.number === number && tr.placement)?.placement ?? null;
  const day = formatDay(product.departure);
  const type = typeLabel(product.type);
  const price = formatMoney(entry.price);
  const name = product.name;
  const refund = formatMoney(product.cancellation?.refund ?? { amount: '0' });
  const fees = formatMoney(product.cancellation?.fees ?? { amount: '0' });
  return (
    <section aria-labelledby={`recap-${product.id}`} className="space-y-3 break-inside-avoid rounded-lg border border-gray-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`recap-${product.id}`} className="text-lg font-bold text-gray-900">
          {type} · {product.name} · {day}
        </h2>
        <BookingStatus status={product.status} />
      </div>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t`Étapes de ${name}`}</caption>
        <thead>
          <tr className="border-b border-gray-300 text-gray-700">
            <th scope="col" className="py-1 pr-2 font-semibold">{t`Départ`}</th>
            <th scope="col" className="py-1 pr-2 font-semibold">{t`Arrivée`}</th>
            <th scope="col" className="py-1 pr-2 font-semibold">{t`Transport`}</th>
            <th scope="col" className="py-1 font-semibold">{t`Place`}</th>
          </tr>
        </thead>
        <tbody>
          {product.routes.map((route, i) => {
            const seat = seatOf(route.transportation.number);
            return (
              <tr key={`${route.transportation.number}-${i}`} className="border-b border-gray-100 align-top">
                <td className="py-1 pr-2 tabular-nums">
                  {formatTime(route.departure)} {route.from}
                </td>
                <td className="py-1 pr-2 tabular-nums">
                  {formatTime(route.arrival)} {route.to}
                </td>
                <td className="py-1 pr-2">
                  {route.marketingCarrier.name} {route.transportation.equipment} {route.transportation.number} · {cabinLabel(route.transportation.cabinClass)} ·{' '}
                  {formatDuration(route.duration)}
                </td>
                <td className="py-1">{seat ? <Seat {...seat} /> : t`Placement libre`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {entry.tickets.map((ticket, i) => {
        const pnr = ticket.pnr ?? product.pnr;
        return (
          <dl key={i} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-gray-700">{t`Référence de réservation (PNR)`}</dt>
            <dd className="font-mono">{pnr ?? t`En attente`}</dd>
            <dt className="text-gray-700">{t`Numéro de billet`}</dt>
            <dd className="font-mono">{ticket.reference ?? t`En cours d’émission`}</dd>
            <dt className="text-gray-700">{t`Tarif`}</dt>
            <dd>
              {ticket.fareName} · {flexibilityLabel(ticket.fareConditions.flexibility)}
            </dd>
            <dt className="text-gray-700">{t`Conditions`}</dt>
            <dd>{ticket.fareConditions.text}</dd>
          </dl>
        );
      })}
      <p className="text-right font-semibold tabular-nums">
        <Trans>Prix : {price}</Trans>
      </p>
      {product.status === 'cancelled' && product.cancellation && (
        <p className="text-right tabular-nums">
          <Trans>
            Annulé : {refund} remboursés, {fees} de frais
          </Trans>
        </p>
      )}
    </section>
  );
}

/** The printable per-person recap document (spec 2 §2 "recap document"). */
export function RecapPage({ travelId, travelerId }: { travelId: string; travelerId: string }) {
  const { t } = useLingui();
  const branding = useBranding();
  const { data: travel, isPending, dataUpdatedAt } = useQuery(travelQuery(travelId));
  const recap = travel?.treepRecaps.find((r) => r.link === `/recap/${travelId}/${travelerId}`);
  const agency = branding?.name ?? DEFAULT_NAME;

  if (isPending)
    return (
      <div role="status" className="mx-auto my-8 h-96 w-full max-w-3xl animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none">
        <span className="sr-only">{t`Chargement du récapitulatif`}</span>
      </div>
    );
  if (!travel || !recap)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8">
        <h1 className="text-2xl font-bold text-gray-900">{t`Récapitulatif introuvable`}</h1>
        <p className="mt-2 text-gray-800">{t`Ce voyage n’est pas réservé ou ce voyageur n’en fait pas partie.`}</p>
      </div>
    );

  const paxName = recap.paxName;
  const products = travel.products.filter((p) => p.ticketsByPax.some(({ pax }) => personName(pax) === paxName));
  const total = products.reduce((sum, p) => sum + Number(p.ticketsByPax.find(({ pax }) => personName(pax) === paxName)?.price.amount ?? 0), 0);
  const totalText = formatMoney({ amount: String(total) });
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-brand">{agency}</p>
          <h1 className="text-2xl font-bold text-gray-900">
            <Trans>Récapitulatif de voyage – {paxName}</Trans>
          </h1>
          <OnBehalfNote onBehalf={travel.onBehalf} />
        </div>
        <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
          <Printer aria-hidden="true" size={18} />
          <Trans>Imprimer</Trans>
        </Button>
      </div>
      <div className="print:hidden">
        <OfflineNotice updatedAt={dataUpdatedAt} />
      </div>
      {products.map((product) => (
        <RecapProduct key={product.id} product={product} paxName={paxName} />
      ))}
      <p className="border-t border-gray-300 pt-3 text-right text-lg font-bold tabular-nums">
        <Trans>
          Total pour {paxName} : {totalText}
        </Trans>
      </p>
      {travel.payment?.method === 'card' && (
        <section aria-labelledby="recap-payment" className="break-inside-avoid">
          <h2 id="recap-payment" className="text-lg font-bold text-gray-900">
            <Trans>Paiement du voyage</Trans>
          </h2>
          <PaymentNote payment={travel.payment} />
        </section>
      )}
      <p className="text-sm text-gray-700">
        <Trans>Document établi par {agency}. Présentez vos billets électroniques lors du voyage.</Trans>
      </p>
    </div>
  );
}
