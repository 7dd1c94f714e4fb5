import { and, asc, desc, eq, getTableColumns, gt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { travelProducts, travels } from '../../db/schema';
import type { ProductData, StoredTraveller } from '../../domain/product';
import type { TravelState } from '../../domain/travel-state';

/**
 * The booking lists' SQL: one query for a user's tickets (one row per product), with what each row
 * needs of its travel, of the travel's other products (who travels, for the recap links' numbering)
 * and of its approval request (the approvers, whether it still awaits an answer).
 */

export type Person = { firstname: string; lastname: string; email: string };
/** The travel's last regular approval request: whether its round still awaits an answer, and whom it asked. */
export type TicketApproval = { id: string; open: boolean; main: Person | null; backup: Person | null };

export type TicketRow = {
  product: Omit<typeof travelProducts.$inferSelect, 'summary'>;
  travel: TravelState;
  /** The travellers of each product of the travel, in the products' order (travellersOf numbers them); null when the travel has only this product. */
  travellers: { travelers: StoredTraveller[] }[] | null;
  approval: TicketApproval | null;
};

/** Which tickets: not yet arrived (active), arrived (passed), or every one. */
export type TicketWindow = 'active' | 'passed' | 'all';

const person = (column: string) =>
  `(select jsonb_build_object('firstname', u.firstname, 'lastname', u.lastname, 'email', u.email) from users u where u.id = a.${column})`;

/**
 * The user's tickets: travels past the cart (not removed), products neither in the cart nor exchanged
 * (nor released, unless the approver denied the travel: those show as denied). Active soonest first,
 * passed latest first, at most `limit`.
 */
/** A product's columns but its list summary (the beta list's: these lists read the whole data). */
const { summary: _summary, ...productColumns } = getTableColumns(travelProducts);

export async function loadTickets(db: Db, userId: string, window: TicketWindow, now: Date, limit: number): Promise<TicketRow[]> {
  return db
    .select({
      // Every offer of every cabin the search answered is kept with the journey: the lists need none of it.
      product: { ...productColumns, data: sql<ProductData>`${travelProducts.data} #- '{journey,cabins}'` },
      travel: {
        id: travels.id,
        userId: travels.userId,
        companyId: travels.companyId,
        customerId: travels.customerId,
        entityId: travels.entityId,
        status: travels.status,
        version: travels.version,
        confirmationTimeLimit: travels.confirmationTimeLimit,
        analytics: travels.analytics,
        missionOrders: travels.missionOrders,
        approvers: travels.approvers,
      },
      // Only for travels of several products (reading every product's data again doubles the query's cost): one product numbers its own travellers.
      travellers: sql<{ travelers: StoredTraveller[] }[] | null>`case when (select count(*) from travel_products c where c.travel_id = ${travels.id}) > 1 then (
        select jsonb_agg(jsonb_build_object('travelers', p2.data->'travelers') order by p2.starts_at, p2.created_at)
        from travel_products p2 where p2.travel_id = ${travels.id}) end`,
      approval: sql<TicketApproval | null>`(
        select jsonb_build_object(
          'id', a.id,
          'open', exists (select 1 from approval_requests r where r.round_id = a.round_id and r.status in ('pending', 'escalated')),
          'main', ${sql.raw(person('approver_id'))},
          'backup', ${sql.raw(person('backup_approver_id'))})
        from approval_requests a where a.travel_id = ${travels.id} and a.kind = 'regular'
        order by a.requested_at desc limit 1)`,
    })
    .from(travelProducts)
    .innerJoin(travels, eq(travels.id, travelProducts.travelId))
    .where(
      and(
        eq(travels.userId, userId),
        notInArray(travels.status, ['cart', 'removed']),
        notInArray(travelProducts.status, ['cart', 'exchanged']),
        or(ne(travelProducts.status, 'released'), eq(travels.status, 'denied')),
        window === 'active' ? gt(travelProducts.endsAt, now) : window === 'passed' ? lte(travelProducts.endsAt, now) : undefined,
      ),
    )
    .orderBy(window === 'active' ? asc(travelProducts.startsAt) : desc(travelProducts.startsAt), asc(travelProducts.id))
    .limit(limit);
}
