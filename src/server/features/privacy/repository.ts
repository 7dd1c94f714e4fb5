import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { agencies, approvalRequests, payments, staffActions, travelProducts, travels } from '@server/db/schema';

export const agencyPolicy = async (db: Db, agencyId: string) =>
  (await db.select({ name: agencies.name, policy: agencies.privacyPolicy }).from(agencies).where(eq(agencies.id, agencyId)).limit(1))[0];

/** Statuses of a travel that is under way whatever its dates: waiting for an approval, an option, a ticket or an agency. */
const PENDING = ['pending_approval', 'pending_confirmation', 'pending_ticketing', 'pending_cancel'] as const;
/** Statuses of a booked travel: under way until its last product ends. */
const BOOKED = ['booked', 'issued', 'partially_cancelled', 'modified'] as const;

/**
 * How many travels of the user (booked by them or for them) are in progress at `now`, and how many
 * approval requests of others wait for their answer: either keeps the account from being deleted.
 */
export async function inProgress(tx: Db, userId: string, now: Date): Promise<{ travels: number; approvals: number }> {
  const mine = or(eq(travels.userId, userId), eq(travels.onBehalfOf, userId));
  const [t] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(travels)
    .where(and(mine, or(inArray(travels.status, [...PENDING]), and(inArray(travels.status, [...BOOKED]), sql`${travels.endsAt} > ${now.toISOString()}`))));
  const [a] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(approvalRequests)
    .where(
      and(
        inArray(approvalRequests.status, ['pending', 'escalated']),
        or(eq(approvalRequests.approverId, userId), eq(approvalRequests.backupApproverId, userId)),
      ),
    );
  return { travels: Number(t?.n ?? 0), approvals: Number(a?.n ?? 0) };
}

/** The travels kept for the legal retention period: every one that was checked out. */
export async function checkedOutTravels(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(travels)
    .where(and(or(eq(travels.userId, userId), eq(travels.onBehalfOf, userId)), sql`${travels.status} <> 'cart'`));
  return Number(row?.n ?? 0);
}

/** The user's carts (never checked out, nothing booked): gone with their products. */
export async function deleteCarts(tx: Db, userId: string) {
  const carts = await tx
    .select({ id: travels.id })
    .from(travels)
    .where(and(eq(travels.userId, userId), eq(travels.status, 'cart')));
  const ids = carts.map((c) => c.id);
  if (ids.length === 0) return;
  await tx.delete(staffActions).where(inArray(staffActions.travelId, ids));
  // Attempts to pay a cart by card: nothing was taken for a cart (a payment that took money booked its travel).
  await tx.delete(payments).where(inArray(payments.travelId, ids));
  await tx.delete(travelProducts).where(inArray(travelProducts.travelId, ids));
  await tx.delete(travels).where(inArray(travels.id, ids));
}
