import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import Ban from 'lucide-react/icons/ban';
import type { BookingTicket } from '@contract/my-bookings';
import { Button, buttonClass } from '@web/components/Button';
import { openModal } from '@web/lib/modal';
import { ticketPlaces } from './places';

/** What the cancellation modal needs of a ticket: its product, its name and its links. */
const cancellable = (ticket: BookingTicket) => ({ id: ticket.productId, name: ticketPlaces(ticket), links: ticket.links });
const mayCancel = (ticket: BookingTicket) => Boolean(ticket.links.cancelProduct && ticket.links.previewRefund);

/** A ticket's own actions, each shown only when the ticket carries its link. */
export function TicketActions({ ticket }: { ticket: BookingTicket }) {
  const { t } = useLingui();
  const places = ticketPlaces(ticket);
  return (
    <>
      {ticket.links.getExchangeableSections && (
        // The wizard reads the product again by id and follows its getExchangeableSections link.
        <Link
          to="/exchange/$productId"
          params={{ productId: ticket.productId }}
          className={buttonClass.secondary}
          aria-label={t`Échanger ${ticket.from} → ${ticket.to}`}
        >
          <ArrowLeftRight aria-hidden="true" size={18} />
          <Trans>Échanger</Trans>
        </Link>
      )}
      {mayCancel(ticket) && (
        <Button variant="secondary" aria-label={t`Annuler ${places}`} onClick={() => openModal('CancelProducts', { products: [cancellable(ticket)] })}>
          <Ban aria-hidden="true" size={18} />
          <Trans>Annuler</Trans>
        </Button>
      )}
    </>
  );
}

/** The ticked tickets' actions: cancel them together when every one of them may be cancelled. */
export function SelectionActions({ tickets }: { tickets: BookingTicket[] }) {
  const count = tickets.length;
  if (count < 2 || !tickets.every(mayCancel)) return null;
  return (
    <Button variant="secondary" onClick={() => openModal('CancelProducts', { products: tickets.map(cancellable) })}>
      <Ban aria-hidden="true" size={18} />
      <Trans>Annuler ces {count} billets</Trans>
    </Button>
  );
}
