import { and, asc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guests, users } from '../../db/schema';

const like = (query: string) => `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Active colleagues of a company of the agency whose first or last name (or username) contains the query. */
export const colleagues = (db: Db, { agencyId, companyId }: { agencyId: string; companyId: string }, selfId: string, query: string, limit: number) =>
  db
    .select()
    .from(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        eq(users.companyId, companyId),
        eq(users.status, 'active'),
        ne(users.id, selfId),
        query ? or(ilike(users.firstname, like(query)), ilike(users.lastname, like(query)), ilike(users.username, like(query))) : undefined,
      ),
    )
    .orderBy(asc(users.lastname), asc(users.firstname))
    .limit(limit);

export const guestsOf = (db: Db, ownerId: string, query: string, limit: number) =>
  db
    .select()
    .from(guests)
    .where(and(eq(guests.ownerId, ownerId), query ? or(ilike(guests.firstname, like(query)), ilike(guests.lastname, like(query))) : undefined))
    .orderBy(asc(guests.lastname), asc(guests.firstname))
    .limit(limit);

export async function insertGuest(db: Db, values: typeof guests.$inferInsert) {
  const [row] = await db.insert(guests).values(values).returning();
  return row!;
}
