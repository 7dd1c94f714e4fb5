import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { EFFECTIVE_PAYMENT, OPEN_PAYMENT, type StoredPayment, type StoredPaymentStatus, type StoredRefund } from '../domain/payment';
import type { Db } from './client';
import { payments } from './schema';

/**
 * Our records of card payments (their life in domain/payment.ts), shared by the booking
 * (authorize, book, capture: features/booking/card-payment.ts), the cancellation (refunds) and the
 * travels' presentation. Every state change is a compare-and-set from the states it may leave, so
 * two runners never both move a payment on.
 */

export type PaymentRow = typeof payments.$inferSelect;

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export const storedPayment = (row: PaymentRow): StoredPayment => ({
  id: row.id,
  status: row.status,
  brand: row.brand,
  last4: row.last4,
  amount: row.amount,
  refunds: row.refunds,
});

/** For each travel, the card payment it was paid with and the attempt waiting for the bank's authentication (the presenter's `cardPayment`). */
export async function cardPaymentsOf(db: Db, travelIds: string[]): Promise<Map<string, { paid: StoredPayment | null; awaitingAuthentication: string | null }>> {
  if (travelIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payments)
    .where(and(inArray(payments.travelId, travelIds), inArray(payments.status, [...EFFECTIVE_PAYMENT, 'requires_authentication'])));
  const found = new Map<string, { paid: StoredPayment | null; awaitingAuthentication: string | null }>();
  for (const row of rows) {
    const entry = found.get(row.travelId) ?? { paid: null, awaitingAuthentication: null };
    if (row.status === 'requires_authentication') entry.awaitingAuthentication = row.id;
    else entry.paid = storedPayment(row);
    found.set(row.travelId, entry);
  }
  return found;
}

/** The attempt under way for a travel (at most one), locked for the rest of `tx`. */
export async function openPayment(tx: Db, travelId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.travelId, travelId), inArray(payments.status, [...OPEN_PAYMENT])))
    .limit(1)
    .for('update');
  return row;
}

/** A payment of the user's travel, by id (a malformed or foreign id: none). */
export async function paymentOfTravel(db: Db, travelId: string, paymentId: string): Promise<PaymentRow | undefined> {
  if (!isUuid(paymentId)) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.travelId, travelId)))
    .limit(1);
  return row;
}

export async function paymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** The card payment a travel was paid with (captured, or booked and being captured), locked for the rest of `tx`. */
export async function paidPayment(tx: Db, travelId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.travelId, travelId), inArray(payments.status, [...EFFECTIVE_PAYMENT])))
    .orderBy(asc(payments.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function insertPayment(tx: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

/** Moves a payment on from one of `from` (compare-and-set): the row as it is now, or undefined when it was elsewhere. */
export async function movePayment(
  db: Db,
  id: string,
  from: readonly StoredPaymentStatus[],
  set: Partial<typeof payments.$inferInsert>,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...set, updatedAt: now })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning();
  return row;
}

/** Records refunds to the card (pending until the payment service made them), once per key. */
export async function addRefunds(tx: Db, row: PaymentRow, refunds: StoredRefund[], now: Date): Promise<void> {
  const fresh = refunds.filter((r) => !row.refunds.some((x) => x.key === r.key));
  if (fresh.length)
    await tx
      .update(payments)
      .set({ refunds: [...row.refunds, ...fresh], updatedAt: now })
      .where(eq(payments.id, row.id));
}

/** Marks a refund made by the payment service. */
export async function refundDone(db: Db, paymentId: string, key: string, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({
      refunds: sql`(select coalesce(jsonb_agg(case when e.r->>'key' = ${key} then jsonb_set(e.r, '{status}', '"done"') else e.r end order by e.i), '[]'::jsonb) from jsonb_array_elements(${payments.refunds}) with ordinality as e(r, i))`,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}
