import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import {
  agencies,
  approvalRequests,
  calendarSubscriptions,
  companies,
  guests,
  paymentCards,
  payments,
  staffActions,
  travelDocuments,
  travelProducts,
  travels,
  userCards,
  userTokens,
  users,
} from '@server/db/schema';

export type UserRow = typeof users.$inferSelect;

export const agencyPolicy = async (db: Db, agencyId: string) =>
  (await db.select({ name: agencies.name, policy: agencies.privacyPolicy }).from(agencies).where(eq(agencies.id, agencyId)).limit(1))[0];

/** Whether the user's company signs its people in with its own provider. */
export async function companyHasSso(db: Db, companyId: string | null): Promise<boolean> {
  if (!companyId) return false;
  const [row] = await db.select({ sso: companies.sso }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return Boolean(row?.sso);
}

/** The user row, locked until the transaction ends: two deletions (or a deletion and an onboarding) of one account run one after the other. */
export const lockUser = async (tx: Db, userId: string) => (await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1))[0];

/**
 * The optional data (contract/privacy.ts OPTIONAL_DATA) cleared: contact and birth details, the
 * accessibility needs, the loyalty cards, identity documents and saved payment cards. The profile's version moves on, so an edit
 * begun before is refused (409) instead of writing them back.
 */
export async function clearOptionalData(tx: Db, userId: string, { identity = false } = {}): Promise<UserRow> {
  await tx.delete(userCards).where(eq(userCards.userId, userId));
  await tx.delete(paymentCards).where(eq(paymentCards.userId, userId));
  await tx.delete(travelDocuments).where(eq(travelDocuments.userId, userId));
  const [row] = await tx
    .update(users)
    .set({
      phone: null,
      birthdate: null,
      address: null,
      subsidyNumber: null,
      cityOfBirth: null,
      birthCountry: null,
      accessibility: null,
      // The onboarding's deletion (`identity`): the gender it asked for goes too.
      ...(identity ? { gender: null } : {}),
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

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

/**
 * Erases the account: every personal field, the permissions and flags, the private guests it made
 * (never booked: those stay with their travels), its calendar feed and tokens; the username and
 * e-mail become unique placeholders, free for a new account; status `deleted` (no sign-in, no
 * session). The row stays: the travels kept for the law point at it.
 */
export async function eraseAccount(tx: Db, user: UserRow, passwordHash: string, now: Date) {
  await tx.delete(userCards).where(eq(userCards.userId, user.id));
  await tx.delete(paymentCards).where(eq(paymentCards.userId, user.id));
  await tx.delete(travelDocuments).where(eq(travelDocuments.userId, user.id));
  await tx.delete(calendarSubscriptions).where(eq(calendarSubscriptions.userId, user.id));
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, user.id), isNull(userTokens.usedAt)));
  await tx.update(users).set({ backupApproverId: null }).where(eq(users.backupApproverId, user.id));
  await tx
    .delete(guests)
    .where(
      and(
        eq(guests.ownerId, user.id),
        isNull(guests.companyId),
        sql`not exists (select 1 from ${travelProducts} p where p.data::text like '%' || ${guests.id}::text || '%')`,
      ),
    );
  const placeholder = `deleted-${user.id}`;
  await tx
    .update(users)
    .set({
      status: 'deleted',
      username: placeholder,
      email: `${placeholder}@deleted.invalid`,
      passwordHash,
      gender: null,
      firstname: '—',
      lastname: '—',
      phone: null,
      birthdate: null,
      address: null,
      subsidyNumber: null,
      cityOfBirth: null,
      birthCountry: null,
      accessibility: null,
      perms: [],
      flags: {},
      backupApproverId: null,
      lastTravelers: [],
      specialFares: [],
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, user.id));
}

/** Onboarding: the identity and, with the traveller's consent, the details; the account is active from then on. */
export async function completeOnboarding(
  tx: Db,
  userId: string,
  values: Pick<UserRow, 'firstname' | 'lastname' | 'username' | 'email' | 'gender' | 'phone' | 'birthdate'> & { passwordHash?: string; refuse: boolean },
  now: Date,
) {
  const { passwordHash, refuse, ...identity } = values;
  const [row] = await tx
    .update(users)
    .set({
      ...identity,
      ...(passwordHash ? { passwordHash } : {}),
      ...(refuse ? { address: null, subsidyNumber: null, cityOfBirth: null, birthCountry: null, accessibility: null } : {}),
      status: 'active',
      gdprConsentAt: now,
      activatedAt: sql`coalesce(${users.activatedAt}, ${now.toISOString()}::timestamptz)`,
      version: sql`${users.version} + 1`,
    })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

export async function nameTaken(db: Db, agencyId: string, userId: string, field: 'username' | 'email', value: string): Promise<boolean> {
  const column = field === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.agencyId, agencyId), sql`lower(${column}) = lower(${value})`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return Boolean(row);
}
