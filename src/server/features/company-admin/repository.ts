import { and, arrayContains, asc, count, eq, ilike, inArray, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { companies, entities, guests, travels, users, type UserStatus } from '@server/db/schema';
import type { CheckoutRules } from '@server/domain/company';

/** SQL only the travel manager's screens use. */

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type GuestRow = typeof guests.$inferSelect;

/** The statuses an employee of the list has (a deleted account is gone; a self-signed-up pending one has no company). */
export const LISTED_STATUSES: UserStatus[] = ['invited', 'active', 'inactive'];

const like = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const companyById = async (db: Db, agencyId: string, companyId: string): Promise<CompanyRow | undefined> =>
  (
    await db
      .select()
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.agencyId, agencyId)))
      .limit(1)
  )[0];

/** The company's entities by name, each with how many travels name it. */
export const entitiesWithUse = (db: Db, companyId: string) =>
  db
    .select({ id: entities.id, name: entities.name, travels: count(travels.id) })
    .from(entities)
    .leftJoin(travels, eq(travels.entityId, entities.id))
    .where(eq(entities.companyId, companyId))
    .groupBy(entities.id, entities.name)
    .orderBy(asc(entities.name));

export const insertEntities = (db: Db, companyId: string, names: string[]) =>
  names.length ? db.insert(entities).values(names.map((name) => ({ companyId, name }))) : Promise.resolve();
export const renameEntity = (db: Db, id: string, name: string) => db.update(entities).set({ name }).where(eq(entities.id, id));
export const deleteEntities = (db: Db, ids: string[]) => (ids.length ? db.delete(entities).where(inArray(entities.id, ids)) : Promise.resolve());

/** Active employees who may approve (the approval permission), with the backup each one has. */
export const approversOf = (db: Db, companyId: string) =>
  db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, backupApproverId: users.backupApproverId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), arrayContains(users.perms, ['approval'])))
    .orderBy(asc(users.lastname), asc(users.firstname));

/** The company's active employees (who may be made approvers): at most 1000, as the spec's company lists. */
export const activeEmployees = (db: Db, companyId: string) =>
  db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active')))
    .orderBy(asc(users.lastname), asc(users.firstname))
    .limit(1000);

/** Employees and company guests whose name (or e-mail, or username) holds `query`, at most `limit` of each kind. */
export async function people(db: Db, companyId: string, query: string, kind: 'all' | 'employee' | 'guest', limit: number) {
  const q = query.trim();
  const employees =
    kind === 'guest'
      ? []
      : await db
          .select()
          .from(users)
          .where(
            and(
              eq(users.companyId, companyId),
              inArray(users.status, LISTED_STATUSES),
              q ? or(ilike(users.firstname, like(q)), ilike(users.lastname, like(q)), ilike(users.email, like(q)), ilike(users.username, like(q))) : undefined,
            ),
          )
          .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id))
          .limit(limit + 1);
  const companyGuests =
    kind === 'employee'
      ? []
      : await db
          .select()
          .from(guests)
          .where(
            and(
              eq(guests.companyId, companyId),
              q ? or(ilike(guests.firstname, like(q)), ilike(guests.lastname, like(q)), ilike(guests.email, like(q))) : undefined,
            ),
          )
          .orderBy(asc(guests.lastname), asc(guests.firstname), asc(guests.id))
          .limit(limit + 1);
  return { employees, guests: companyGuests };
}

export const employeeById = async (db: Db, companyId: string, userId: string): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId), inArray(users.status, LISTED_STATUSES)))
      .limit(1)
  )[0];

export const guestById = async (db: Db, companyId: string, guestId: string): Promise<GuestRow | undefined> =>
  (
    await db
      .select()
      .from(guests)
      .where(and(eq(guests.id, guestId), eq(guests.companyId, companyId)))
      .limit(1)
  )[0];

export async function insertGuest(db: Db, values: typeof guests.$inferInsert): Promise<GuestRow> {
  const [row] = await db.insert(guests).values(values).returning();
  return row!;
}

export async function setGuestDeactivated(db: Db, guestId: string, at: Date | null): Promise<GuestRow> {
  const [row] = await db.update(guests).set({ deactivatedAt: at }).where(eq(guests.id, guestId)).returning();
  return row!;
}

/**
 * Exactly `approvers` of the company hold the approval permission, each with their backup; everyone
 * else of the company loses it (and their backup).
 */
export async function setApprovers(db: Db, companyId: string, approvers: { id: string; backupId: string | null }[]) {
  const ids = approvers.map((a) => a.id);
  await db
    .update(users)
    .set({ perms: sql`array_remove(${users.perms}, 'approval')`, backupApproverId: null })
    .where(and(eq(users.companyId, companyId), ids.length ? not(inArray(users.id, ids)) : undefined));
  for (const a of approvers)
    await db
      .update(users)
      .set({ perms: sql`array_append(array_remove(${users.perms}, 'approval'), 'approval')`, backupApproverId: a.backupId })
      .where(and(eq(users.id, a.id), eq(users.companyId, companyId)));
}

/**
 * Writes some keys of the company's checkout rules and leaves the others as they are in the row (a
 * concurrent change of another key is kept: the merge happens in the database).
 */
export async function mergeCheckoutRules(db: Db, companyId: string, part: Partial<CheckoutRules>, travelPolicy?: string | null) {
  await db
    .update(companies)
    .set({ checkoutRules: sql`${companies.checkoutRules} || ${JSON.stringify(part)}::jsonb`, ...(travelPolicy !== undefined ? { travelPolicy } : {}) })
    .where(eq(companies.id, companyId));
}

// ── Accepting an invitation ─────────────────────────────────────────────────────────────────────────────

export const activateInvitee = (db: Db, userId: string, passwordHash: string, at: Date) =>
  db
    .update(users)
    .set({ passwordHash, status: 'active', activatedAt: at, gdprConsentAt: at })
    .where(and(eq(users.id, userId), eq(users.status, 'invited')))
    .returning({ id: users.id, username: users.username });

/** Other employees of the company than `userId` who approve, active (the last one may not go while travels need approval). */
export const otherActiveApprovers = async (db: Db, companyId: string, userId: string) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), arrayContains(users.perms, ['approval']), ne(users.id, userId)))
  )[0]?.n ?? 0;
