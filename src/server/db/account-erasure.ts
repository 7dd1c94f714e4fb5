import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './client';
import { calendarSubscriptions, guests, paymentCards, travelDocuments, travelProducts, userCards, userTokens, users } from './schema';
import type { UserRecord } from './users';

/**
 * What erasing an account, or the data it holds, writes: shared by the user's own deletions
 * (features/privacy) and the refusal of the first-login onboarding (features/onboarding).
 */

/** The user row, locked until the transaction ends: two deletions (or a deletion and an onboarding) of one account run one after the other. */
export const lockUser = async (tx: Db, userId: string) => (await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1))[0];

/**
 * The optional data (contract/privacy.ts OPTIONAL_DATA) cleared: contact and birth details, the
 * accessibility needs, the loyalty cards, identity documents and saved payment cards. The profile's version moves on, so an edit
 * begun before is refused (409) instead of writing them back.
 */
export async function clearOptionalData(tx: Db, userId: string, { identity = false } = {}): Promise<UserRecord> {
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

/**
 * Erases the account: every personal field, the permissions and flags, the private guests it made
 * (never booked: those stay with their travels), its calendar feed and tokens; the username and
 * e-mail become unique placeholders, free for a new account; status `deleted` (no sign-in, no
 * session). The row stays: the travels kept for the law point at it.
 */
export async function eraseAccount(tx: Db, user: UserRecord, passwordHash: string, now: Date) {
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
