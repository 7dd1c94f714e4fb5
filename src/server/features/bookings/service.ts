import type { BookingTicket, TicketsQuery } from '../../../contract/bookings';
import { linkTo } from '../../../contract/rels';
import type { AnyStatus } from '../../../contract/statuses';
import { euros, productLinks } from '../../domain/travel';
import { FLEX_NAMES } from '../../domain/journey';
import { complianceOf, travellerKey, travellersOf, type TicketData, type TicketProduct } from '../../domain/product';
import { BOOKED } from '../../domain/travel-state';
import type { UserRow } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { ticketTags } from '../../domain/exchange';
import { loadTickets, type TicketRow, type TicketTravel, type TicketWindow } from './repository';

type Ctx = RequestContext & { user: UserRow };

const money = (cents: number) => ({ amount: euros(cents), currency: 'EUR' as const });

/** A ticket's status: its travel's while the travel waits (approval, options) or was refused or let expire, else the product's own. */
function statusOf(travel: TicketTravel, product: TicketProduct): AnyStatus {
  if (travel.status === 'pending_approval') return 'pending_approval';
  if (travel.status === 'denied') return 'denied';
  if (product.status === 'prebooked') return 'pending_confirmation';
  return product.status;
}

/** One row as the lists show it (spec 2 §3 "Ticket"), with the links its product and travel allow now. */
export function presentTicket(row: TicketRow, now: Date): BookingTicket {
  const { travel, approval } = row;
  const product: TicketProduct = row.product;
  const { data } = product;
  const { journey, offer } = data;
  const numbered = travellersOf(row.travellers ? row.travellers.map((data) => ({ data })) : [product]);
  const numberOf = (t: TicketData['travelers'][number]) => numbered.find((n) => travellerKey(n) === travellerKey(t))?.travelerId ?? 0;
  const status = statusOf(travel, product);
  const booked = (BOOKED as string[]).includes(product.status);
  const first = journey.sections[0];
  const last = journey.sections[journey.sections.length - 1];
  const waiting = status === 'pending_approval' || status === 'pending_confirmation';
  const numbers = data.booking?.tickets.map((t) => t.number) ?? [];
  const links: BookingTicket['links'] = { ...productLinks(travel, product, now), getTravel: linkTo('getTravel', { travelID: travel.id }) };
  if (travel.status === 'pending_approval' && approval?.open) links.remind = linkTo('remind', { approvalID: approval.id });
  return {
    uid: product.id,
    status,
    type: product.type,
    departure: journey.departure,
    arrival: journey.arrival,
    from: first?.from.name ?? journey.from.name,
    to: last?.to.name ?? journey.to.name,
    travelers: data.travelers.map((t) => ({ uid: t.profileID ?? t.guestID ?? `${travel.id}:${numberOf(t)}`, firstname: t.firstname ?? '', lastname: t.lastname ?? '' })),
    price: money(product.price),
    cabin: data.cabin,
    carrier: first?.transport.carrier.name ?? '',
    compliant: complianceOf(product).compliant,
    ticket_time_limit: waiting ? (product.confirmationTimeLimit ?? travel.confirmationTimeLimit)?.toISOString() ?? null : null,
    fare_condition: FLEX_NAMES[offer.flexibility],
    fare_category: offer.name,
    main_approver: approval?.main ?? null,
    secondary_approver: approval?.backup ?? null,
    summaries: booked
      ? data.travelers.map((t) => ({ paxName: `${t.firstname ?? ''} ${t.lastname ?? ''}`.trim(), link: `/recap/${travel.id}/${numberOf(t)}` }))
      : [],
    ancillaries: data.ancillaries.map((a) => ({ type: a.type, price: money(a.price), quantity: a.quantity, maxQuantity: a.quantity })),
    pnr: product.pnr,
    reference: numbers.length ? numbers.join(', ') : null,
    productId: product.id,
    tag: ticketTags(product, now).join(','),
    travelID: travel.id,
    approvalID: approval?.id ?? null,
    links,
  };
}

/**
 * The caller's tickets (spec 2 §7 `GET tickets/`): theirs only for now — seeing another user's
 * bookings needs a right nobody has yet (403, api_code 34, whoever the id names).
 */
export async function list(ctx: Ctx, query: TicketsQuery): Promise<BookingTicket[]> {
  if (query.creator_id !== undefined && query.creator_id !== ctx.user.id) fail('NO_PERMISSION');
  const now = ctx.services.clock.now();
  const window: TicketWindow = query.active ? 'active' : query.passed ? 'passed' : 'all';
  const rows = await loadTickets(ctx.services.db, ctx.user.id, window, now, query.limit);
  return rows.map((row) => presentTicket(row, now));
}
