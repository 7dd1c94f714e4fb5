import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import type { travelProducts } from '@server/db/schema';
import type { StoredTraveler, TicketData } from '@server/domain/product';
import type { TravelState } from '@server/domain/travel-state';
import type { StoredRefund } from '@server/domain/payment';
import type { CardBrand } from '@contract/travel';

/**
 * The booking lists' SQL: one query for a user's tickets (one row per product), with what each row
 * needs of its travel, of the travel's other products (who travels, for the recap links' numbering)
 * and of its approval request (the approvers, whether it still awaits an answer).
 */

export type Person = { firstname: string; lastname: string; email: string };
/** The travel's last regular approval request: whether its round still awaits an answer, and whom it asked. */
export type TicketApproval = { id: string; open: boolean; main: Person | null; backup: Person | null };

/** What a ticket shows of its travel. */
export type TicketTravel = Pick<TravelState, 'id' | 'status' | 'confirmationTimeLimit'>;

/** A ticket's product: what the list shows and decides on. */
export type TicketProductRow = Pick<typeof travelProducts.$inferSelect, 'id' | 'type' | 'status' | 'price' | 'startsAt' | 'pnr' | 'confirmationTimeLimit'> & {
  data: TicketData;
};

/** Agency staff, as a travel booked for someone shows them: their name and which staff they are. */
export type StaffMember = { firstname: string; lastname: string; perms: string[] };
/** What staff did to the travel (staff_actions): who, which operation, when (an instant, as text). */
export type StaffAction = StaffMember & { action: string; at: string };

export type TicketRow = {
  product: TicketProductRow;
  travel: TicketTravel;
  /** For a travel agency staff booked for the user (travels.on_behalf_of): who booked it, and what staff did to it. */
  bookedBy: StaffMember | null;
  staffActions: StaffAction[] | null;
  /** The travellers of each product of the travel, in the products' order (travelersOf numbers them); null when the travel has only this product. */
  travellers: { travelers: StoredTraveler[] }[] | null;
  approval: TicketApproval | null;
  /** The card its travel was paid with, and the refunds made to it; null: not paid by card. */
  cardPayment: TicketCardPayment | null;
};

export type TicketCardPayment = { brand: CardBrand; last4: string; refunds: StoredRefund[] };

/** Which tickets: not yet arrived (active), arrived (passed), or every one. */
export type TicketWindow = 'active' | 'passed' | 'all';

const person = (column: string) =>
  `(select jsonb_build_object('firstname', u.firstname, 'lastname', u.lastname, 'email', u.email) from users u where u.id = a.${column})`;

/** A row as the query writes it (JSON: instants as text). */
type JsonRow = {
  id: string;
  type: TicketRow['product']['type'];
  status: TicketRow['product']['status'];
  price: number;
  starts_at: string;
  pnr: string | null;
  confirmation_time_limit: string | null;
  data: TicketData;
  travel_id: string;
  travel_status: TicketTravel['status'];
  travel_confirmation_time_limit: string | null;
  travellers: TicketRow['travellers'];
  approval: TicketApproval | null;
  booked_by: StaffMember | null;
  staff_actions: StaffAction[] | null;
  card_payment: TicketCardPayment | null;
};

const instant = (text: string | null) => (text === null ? null : new Date(text));

/**
 * The user's tickets: travels past the cart (not removed), products neither in the cart nor exchanged
 * (nor released, unless the approver denied the travel: those show as denied). Active: those waiting
 * for someone first (an approval, an option to confirm: "Mes réservations"' pending section), then
 * soonest first; passed latest first; ties by product id, so that pages never overlap. `limit` of them
 * after the first `offset`.
 *
 * The page is chosen first (ids only, on the indexes of travels by user and of products by travel),
 * then only its rows are dressed (their travel's other products, approval, staff, card payment).
 * The rows come as one JSON text (json_agg) parsed in one call: a thousand rows parsed field by field
 * by the driver cost half as much again. Of a product's data, its `ticket` (what a ticket reads of it).
 */
export async function loadTickets(db: Db, userId: string, window: TicketWindow, now: Date, page: { limit: number; offset: number }): Promise<TicketRow[]> {
  const arrival = window === 'active' ? sql`and p.ends_at > ${now}` : window === 'passed' ? sql`and p.ends_at <= ${now}` : sql``;
  // Waiting: what statusOf (service.ts) calls pending_approval or pending_confirmation.
  const waiting = sql`(t.status = 'pending_approval' or (t.status <> 'denied' and p.status = 'prebooked'))`;
  const order = (of: 'p' | 'x') =>
    window === 'active'
      ? sql`${of === 'p' ? waiting : sql`x.waiting`} desc, ${sql.raw(of)}.starts_at asc, ${sql.raw(of)}.id asc`
      : sql`${sql.raw(of)}.starts_at desc, ${sql.raw(of)}.id asc`;
  const result = await db.execute(sql`
    select coalesce(json_agg(x order by ${order('x')}), '[]')::text as list from (
      select pg.waiting, p.id, p.type, p.status, p.price, p.starts_at, p.pnr, p.confirmation_time_limit, p.ticket as data,
        t.id as travel_id, t.status as travel_status, t.confirmation_time_limit as travel_confirmation_time_limit,
        -- Only for travels of several products: one product numbers its own travellers.
        (select case when count(*) > 1 then jsonb_agg(jsonb_build_object('travelers', p2.ticket->'travelers') order by p2.starts_at, p2.created_at) end
          from travel_products p2 where p2.travel_id = t.id) as travellers,
        (select jsonb_build_object(
            'id', a.id,
            'open', exists (select 1 from approval_requests r where r.round_id = a.round_id and r.status in ('pending', 'escalated')),
            'main', ${sql.raw(person('approver_id'))},
            'backup', ${sql.raw(person('backup_approver_id'))})
          from approval_requests a where a.travel_id = t.id and a.kind = 'regular'
          order by a.requested_at desc limit 1) as approval,
        -- Only travels staff booked for someone run these two.
        case when t.on_behalf_of is not null then
          (select jsonb_build_object('firstname', u.firstname, 'lastname', u.lastname, 'perms', u.perms) from users u where u.id = t.user_id) end as booked_by,
        case when t.on_behalf_of is not null then
          (select jsonb_agg(jsonb_build_object('firstname', u.firstname, 'lastname', u.lastname, 'perms', u.perms, 'action', s.action, 'at', s.created_at) order by s.created_at)
            from staff_actions s join users u on u.id = s.actor_id where s.travel_id = t.id) end as staff_actions,
        (select jsonb_build_object('brand', pm.brand, 'last4', pm.last4, 'refunds', pm.refunds)
          from payments pm where pm.travel_id = t.id and pm.status in ('capturing', 'captured') limit 1) as card_payment
      from (
        select p.id as product_id, ${waiting} as waiting
        from travel_products p join travels t on t.id = p.travel_id
        where (t.user_id = ${userId} or t.on_behalf_of = ${userId}) and t.status not in ('cart', 'removed') and p.status not in ('cart', 'exchanged')
          and (p.status <> 'released' or t.status = 'denied') ${arrival}
        order by ${order('p')}
        limit ${page.limit} offset ${page.offset}) pg
      join travel_products p on p.id = pg.product_id join travels t on t.id = p.travel_id) x`);
  const [row] = (result as unknown as { rows: { list: string }[] }).rows;
  return (JSON.parse(row!.list) as JsonRow[]).map((r) => ({
    product: {
      id: r.id,
      type: r.type,
      status: r.status,
      price: r.price,
      startsAt: new Date(r.starts_at),
      pnr: r.pnr,
      confirmationTimeLimit: instant(r.confirmation_time_limit),
      data: r.data,
    },
    travel: { id: r.travel_id, status: r.travel_status, confirmationTimeLimit: instant(r.travel_confirmation_time_limit) },
    travellers: r.travellers,
    approval: r.approval,
    bookedBy: r.booked_by,
    staffActions: r.staff_actions,
    cardPayment: r.card_payment,
  }));
}
