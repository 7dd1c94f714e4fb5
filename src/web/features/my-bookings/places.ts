import type { BookingTicket } from '@contract/my-bookings';

/** What a ticket is about: a trip's route; a stay's hotel or a rental's agency, with the return agency when it is another. */
export const ticketPlaces = (ticket: Pick<BookingTicket, 'type' | 'from' | 'to'>) =>
  ticket.type === 'rail' || ticket.type === 'flight' || (ticket.to && ticket.to !== ticket.from) ? `${ticket.from} → ${ticket.to}` : ticket.from;
