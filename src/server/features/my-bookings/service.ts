import type { BookingTicket, TicketsQuery } from '@contract/my-bookings';
import { staffRole } from '@server/domain/company';
import { money } from '@contract/money';
import { personName } from '@contract/person-name';
import { linkTo } from '@contract/rels';
import type { AnyStatus } from '@contract/statuses';
import { productLinks } from '@server/domain/travel';
import { FLEX_NAMES } from '@server/domain/journey';
import { complianceOf, travelerKey, travelersOf, type TicketData, type TicketProduct } from '@server/domain/product';
import { BOOKED } from '@server/domain/travel-state';
import { fail } from '@server/platform/errors';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { ticketTags } from '@server/domain/exchange';
import { loadTickets, type StaffMember, type TicketCardPayment, type TicketRow, type TicketTravel, type TicketWindow } from './repository';

/** A ticket's status: its travel's while the travel waits (approval, options) or was refused or let expire, else the product's own. */
function statusOf(travel: TicketTravel, product: TicketProduct): AnyStatus {
  if (travel.status === 'pending_approval') return 'pending_approval';
  if (travel.status === 'denied') return 'denied';
  if (product.status === 'prebooked') return 'pending_confirmation';
  return product.status;
}

/**
 * What a ticket says of its product, by type. A hotel stay: from the hotel to its city, its rooms as the
 * "cabin", its chain as the "carrier", fully flexible until its free-cancellation deadline (else no
 * flexibility). A car rental: from the pick-up agency to the return one, its category, its renter,
 * fully flexible (free cancellation until the pick-up).
 */
function ticketFacts(data: TicketData) {
  switch (data.type) {
    case 'hotel': {
      const refundable = data.rooms.every((r) => r.offer.cancellable) && data.cancelDeadline !== null;
      return {
        departure: data.startsAt,
        arrival: data.endsAt,
        from: data.hotel.name,
        to: data.hotel.city,
        cabin: [...new Set(data.rooms.map((r) => r.offer.name))].join(' + '),
        carrier: data.hotel.chain?.name ?? data.hotel.name,
        fareCondition: refundable ? ('fullFlex' as const) : ('noFlex' as const),
        fareCategory: `${data.nights} × ${[...new Set(data.rooms.map((r) => r.offer.board))].join(', ')}`,
      };
    }
    case 'car_rental':
      return {
        departure: data.pickupAt,
        arrival: data.returnAt,
        from: data.pickup.name,
        to: data.dropoff.name,
        cabin: data.car.category,
        carrier: data.renter.name,
        fareCondition: 'fullFlex' as const,
        fareCategory: data.car.model,
      };
    default: {
      const { journey, offer } = data;
      const first = journey.sections[0];
      const last = journey.sections[journey.sections.length - 1];
      return {
        departure: journey.departure,
        arrival: journey.arrival,
        from: first?.from.name ?? journey.from.name,
        to: last?.to.name ?? journey.to.name,
        cabin: data.cabin,
        carrier: first?.transport.carrier.name ?? '',
        fareCondition: FLEX_NAMES[offer.flexibility],
        fareCategory: offer.name,
      };
    }
  }
}

const staffOf = (m: StaffMember) => ({ firstname: m.firstname, lastname: m.lastname, role: staffRole(m.perms) });

/** One row as the lists show it (spec 2 §3 "Ticket"), with the links its product and travel allow now. */
export function presentTicket(row: TicketRow, now: Date): BookingTicket {
  const { travel, approval } = row;
  const product: TicketProduct = row.product;
  const { data } = product;
  const shown = ticketFacts(data);
  const numbered = travelersOf(row.travellers ? row.travellers.map((data) => ({ data })) : [product]);
  const numberOf = (t: TicketData['travelers'][number]) => numbered.find((n) => travelerKey(n) === travelerKey(t))?.travelerId ?? 0;
  const status = statusOf(travel, product);
  const booked = (BOOKED as string[]).includes(product.status);
  const waiting = status === 'pending_approval' || status === 'pending_confirmation';
  const numbers = data.booking?.tickets.map((t) => t.number) ?? [];
  const links: BookingTicket['links'] = { ...productLinks(travel, product, now), getTravel: linkTo('getTravel', { travelID: travel.id }) };
  if (travel.status === 'pending_approval' && approval?.open) links.remind = linkTo('remind', { approvalID: approval.id });
  return {
    uid: product.id,
    status,
    type: product.type,
    departure: shown.departure,
    arrival: shown.arrival,
    from: shown.from,
    to: shown.to,
    travelers: data.travelers.map((t) => ({
      uid: t.profileID ?? t.guestID ?? `${travel.id}:${numberOf(t)}`,
      firstname: t.firstname ?? '',
      lastname: t.lastname ?? '',
    })),
    price: money(product.price),
    cabin: shown.cabin,
    carrier: shown.carrier,
    compliant: complianceOf(product).compliant,
    ticket_time_limit: waiting ? ((product.confirmationTimeLimit ?? travel.confirmationTimeLimit)?.toISOString() ?? null) : null,
    fare_condition: shown.fareCondition,
    fare_category: shown.fareCategory,
    main_approver: approval?.main ?? null,
    secondary_approver: approval?.backup ?? null,
    summaries: booked ? data.travelers.map((t) => ({ paxName: personName(t), link: `/recap/${travel.id}/${numberOf(t)}` })) : [],
    ancillaries:
      data.type === 'rail' || data.type === 'flight'
        ? data.ancillaries.map((a) => ({ type: a.type, price: money(a.price), quantity: a.quantity, maxQuantity: a.quantity }))
        : [],
    pnr: product.pnr,
    reference: numbers.length ? numbers.join(', ') : null,
    productId: product.id,
    tag: ticketTags(product, now).join(','),
    travelID: travel.id,
    approvalID: approval?.id ?? null,
    booked_by: row.bookedBy ? staffOf(row.bookedBy) : null,
    staff_actions: (row.staffActions ?? []).map((a) => ({ ...staffOf(a), action: a.action, at: new Date(a.at).toISOString() })),
    card_payment: row.cardPayment ? cardPaymentOf(row.cardPayment, product.id) : null,
    links,
  };
}

/** The card a ticket's travel was paid with, and what this product's cancellation gave back to it (refunds made). */
function cardPaymentOf(card: TicketCardPayment, productId: string): BookingTicket['card_payment'] {
  const refunded = card.refunds.filter((r) => r.productId === productId && r.status === 'done').reduce((sum, r) => sum + r.amount, 0);
  return { brand: card.brand, last4: card.last4, refund: refunded > 0 ? money(refunded) : null };
}

/**
 * The caller's tickets (spec 2 §7 `GET tickets/`), a page of them (`limit` after `offset`): theirs only for now — seeing another user's
 * bookings needs a right nobody has yet (403, api_code 34, whoever the id names).
 */
export async function list(ctx: Ctx, query: TicketsQuery): Promise<BookingTicket[]> {
  if (query.creator_id !== undefined && query.creator_id !== ctx.user.id) fail('NO_PERMISSION');
  const now = ctx.services.clock.now();
  const window: TicketWindow = query.active ? 'active' : query.passed ? 'passed' : 'all';
  const rows = await loadTickets(ctx.services.db, ctx.user.id, window, now, { limit: query.limit, offset: query.offset });
  return rows.map((row) => presentTicket(row, now));
}
