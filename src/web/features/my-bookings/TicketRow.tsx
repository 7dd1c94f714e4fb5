import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import CarFront from 'lucide-react/icons/car-front';
import ExternalLink from 'lucide-react/icons/external-link';
import Hotel from 'lucide-react/icons/hotel';
import Plane from 'lucide-react/icons/plane';
import TrainFront from 'lucide-react/icons/train-front';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { BookingTicket } from '@contract/my-bookings';
import { personName } from '@contract/person-name';
import { BookingStatus } from '@web/components/BookingStatus';
import { CardPaymentNote } from '@web/components/PaymentNote';
import { TicketActions } from './actions';
import { ticketPlaces } from './places';
import { formatDeadline, formatJourneySpan, formatMoney } from '@web/lib/format';

const TYPE_ICONS = { rail: TrainFront, flight: Plane, hotel: Hotel, car_rental: CarFront } as const;

type Props = {
  ticket: BookingTicket;
  checked: boolean;
  onCheck: (checked: boolean) => void;
};

/** One ticket of a travel (spec 2 §3 "Ticket"): route and times on the stations' clocks, travellers, price, status, references, deadline, approvers, recaps. */
export function TicketRow({ ticket, checked, onCheck }: Props) {
  const { t } = useLingui();
  const Icon = TYPE_ICONS[ticket.type];
  const typeLabels = { rail: t`Train`, flight: t`Avion`, hotel: t`Hôtel`, car_rental: t`Location de voiture` };
  const flexLabels = { noFlex: t`Non échangeable, non remboursable`, semiFlex: t`Semi-flexible`, fullFlex: t`Flexible` };
  const route = ticketPlaces(ticket);
  const isTrip = ticket.type === 'rail' || ticket.type === 'flight';
  const travellers = ticket.travelers.map(personName).join(', ');
  const deadline = ticket.ticket_time_limit ? formatDeadline(ticket.ticket_time_limit) : null;
  const error = ticket.status === 'error';
  const person = (p: NonNullable<BookingTicket['main_approver']>) => `${p.firstname} ${p.lastname}`;
  const main = ticket.main_approver && person(ticket.main_approver);
  const backup = ticket.secondary_approver && person(ticket.secondary_approver);
  const titleId = `ticket-${ticket.uid}`;
  const staffName = (p: NonNullable<BookingTicket['booked_by']>) =>
    p.role === 'travel_agent' ? t`${p.firstname} ${p.lastname} (agent de voyage)` : t`${p.firstname} ${p.lastname} (assistance)`;
  // What staff did, by the operation the API names (staff_actions.action); anything else is a change.
  const actions: Record<string, string> = {
    addToCart: t`ajout au panier`,
    addTrip: t`ajout au panier`,
    addHotelToCart: t`ajout d’un hôtel au panier`,
    addCarToCart: t`ajout d’une location de voiture au panier`,
    addExpertToCart: t`ajout au panier`,
    fillAnalytics: t`saisie des informations de facturation`,
    patchMissionOrders: t`saisie des ordres de mission`,
    fillApprovers: t`choix de l’approbateur`,
    requestApproval: t`demande d’approbation`,
    confirm: t`confirmation de la réservation`,
    payByCard: t`paiement par carte`,
    confirmCardPayment: t`paiement par carte`,
    releasePrebooking: t`libération d’une option`,
    cancelProduct: t`annulation`,
    bookExchange: t`échange`,
    confirmExchange: t`confirmation de l’échange`,
    delete: t`suppression du voyage`,
  };
  const actionLabel = (action: string) => actions[action] ?? t`modification du voyage`;

  return (
    <div
      aria-labelledby={titleId}
      role="group"
      data-status={ticket.status}
      className={`flex gap-3 rounded-lg border p-3 ${error ? 'border-red-700 bg-red-50' : 'border-gray-200'}`}
    >
      <input
        type="checkbox"
        className="mt-1 size-6 shrink-0 accent-[var(--brand)]"
        checked={checked}
        aria-label={t`Sélectionner le billet ${route}`}
        onChange={(event) => onCheck(event.target.checked)}
      />
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="space-y-1">
            <p id={titleId} className="flex items-center gap-2 font-semibold text-gray-900">
              <Icon aria-hidden="true" size={18} />
              <span className="sr-only">{typeLabels[ticket.type]} :</span>
              {route}
            </p>
            <p className="text-lg font-semibold text-gray-900 tabular-nums">{formatJourneySpan(ticket.departure, ticket.arrival)}</p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <span className="text-lg font-bold text-gray-900 tabular-nums">{formatMoney(ticket.price)}</span>
            <BookingStatus status={ticket.status} />
          </div>
        </div>
        {error && (
          <p className="flex items-center gap-2 font-medium text-red-800">
            <TriangleAlert aria-hidden="true" size={18} />
            <Trans>Ce billet est en erreur : contactez votre agence.</Trans>
          </p>
        )}
        <dl className="grid gap-x-6 gap-y-1 text-gray-800 sm:grid-cols-2">
          <Item term={t`Voyageurs`}>{travellers}</Item>
          {isTrip ? (
            <Item term={t`Tarif`}>
              {ticket.fare_category} · {flexLabels[ticket.fare_condition]}
            </Item>
          ) : (
            ticket.fare_category && <Item term={ticket.type === 'hotel' ? t`Chambre` : t`Voiture`}>{ticket.fare_category}</Item>
          )}
          {ticket.pnr && (
            <Item term={t`Référence de réservation`}>
              <span className="font-mono">{ticket.pnr}</span>
            </Item>
          )}
          {ticket.reference && (
            <Item term={t`N° de billet`}>
              <span className="font-mono">{ticket.reference}</span>
            </Item>
          )}
          {deadline && (
            <Item term={ticket.status === 'pending_approval' ? t`Réponse attendue avant le` : t`À confirmer avant le`}>
              <span className="font-medium text-amber-950">{deadline}</span>
            </Item>
          )}
          {ticket.ancillaries.some((a) => a.type === 'pmr') && (
            <Item term={t`Assistance`}>{t`Assistance PMR réservée (accueil, aide à la montée et à la descente, place adaptée)`}</Item>
          )}
          {main && <Item term={t`Approbateur`}>{main}</Item>}
          {backup && <Item term={t`Approbateur suppléant`}>{backup}</Item>}
          {ticket.booked_by && <Item term={t`Réservé par`}>{staffName(ticket.booked_by)}</Item>}
          {ticket.card_payment && (
            <Item term={t`Paiement`}>
              <CardPaymentNote card={ticket.card_payment} refund={ticket.card_payment.refund} />
            </Item>
          )}
        </dl>
        {ticket.staff_actions.length > 0 && (
          <details className="text-gray-800">
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand">{t`Ce que l’agence a fait pour vous (${ticket.staff_actions.length})`}</summary>
            <ol className="space-y-1 pl-4">
              {ticket.staff_actions.map((a, i) => (
                <li key={`${a.at}-${i}`}>
                  <span className="tabular-nums">{formatDeadline(a.at)}</span> — {staffName(a)} : {actionLabel(a.action)}
                </li>
              ))}
            </ol>
          </details>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {ticket.summaries.map(({ paxName, link }) => (
            <a
              key={link}
              href={link}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1 font-medium text-brand underline underline-offset-2 hover:text-brand-strong"
            >
              <Trans>Récapitulatif de {paxName}</Trans>
              <ExternalLink aria-hidden="true" size={16} />
              <span className="sr-only">{t`(nouvel onglet)`}</span>
            </a>
          ))}
          <div className="ml-auto flex flex-wrap gap-2">
            <TicketActions ticket={ticket} />
          </div>
        </div>
      </div>
    </div>
  );
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-1">
      <dt className="text-gray-700">{term} :</dt>
      <dd className="font-medium text-gray-900">{children}</dd>
    </div>
  );
}
