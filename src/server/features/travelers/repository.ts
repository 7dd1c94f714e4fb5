import { and, asc, eq, ilike, inArray, isNull, ne, or } from 'drizzle-orm';
import type { CustomerCompany } from '@contract/travelers';
import type { Db } from '@server/db/client';
import { companyGuest } from '@server/db/people';
import { companies, entities, guests, users } from '@server/db/schema';

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

/** The user's own guests and their company's (made by its travel manager), but deactivated ones. */
export const guestsOf = (db: Db, user: { id: string; companyId: string | null }, query: string, limit: number) =>
  db
    .select()
    .from(guests)
    .where(
      and(
        user.companyId ? or(eq(guests.ownerId, user.id), eq(guests.companyId, user.companyId)) : eq(guests.ownerId, user.id),
        isNull(guests.deactivatedAt),
        query ? or(ilike(guests.firstname, like(query)), ilike(guests.lastname, like(query))) : undefined,
      ),
    )
    .orderBy(asc(guests.lastname), asc(guests.firstname))
    .limit(limit);

export async function insertGuest(db: Db, values: typeof guests.$inferInsert) {
  const [row] = await db.insert(guests).values(values).returning();
  return row!;
}

/** The guests of a customer company agency staff act for (db/people.ts companyGuest), but deactivated ones. */
export const companyGuests = (db: Db, agencyId: string, companyId: string, query: string, limit: number) =>
  db
    .select()
    .from(guests)
    .where(
      and(
        companyGuest(db, agencyId, companyId),
        isNull(guests.deactivatedAt),
        query ? or(ilike(guests.firstname, like(query)), ilike(guests.lastname, like(query))) : undefined,
      ),
    )
    .orderBy(asc(guests.lastname), asc(guests.firstname))
    .limit(limit);

/** The agency's customer companies whose name contains the query, by name, with their entities. */
export async function customerCompanies(db: Db, agencyId: string, query: string, limit: number): Promise<CustomerCompany[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      hotelEnabled: companies.hotelEnabled,
      carrentalEnabled: companies.carrentalEnabled,
      config: companies.config,
    })
    .from(companies)
    .where(and(eq(companies.agencyId, agencyId), query ? ilike(companies.name, like(query)) : undefined))
    .orderBy(asc(companies.name))
    .limit(limit);
  const all = rows.length
    ? await db
        .select()
        .from(entities)
        .where(
          inArray(
            entities.companyId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(entities.name))
    : [];
  return rows.map((r) => ({
    uid: r.id,
    name: r.name,
    entities: all.filter((e) => e.companyId === r.id).map((e) => ({ uid: e.id, name: e.name })),
    hotel_enabled: r.hotelEnabled,
    carrental_enabled: r.carrentalEnabled,
    hasMultipaxSearchDisabled: r.config.travelAgency.hasMultipaxSearchDisabled,
  }));
}
