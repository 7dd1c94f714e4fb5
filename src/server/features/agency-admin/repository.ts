import { and, arrayContains, arrayOverlaps, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { agencies, companies, entities, users, type AgencyCommunication, type CompanySso } from '@server/db/schema';
import { STAFF_ROLES } from '@contract/agency-admin';

/** SQL only the agency administrator's screens use. */

export type AgencyRow = typeof agencies.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** The agency as it is in the database now (the request's copy may be up to 30 s old: platform/tenancy.ts). */
export const agencyById = async (db: Db, agencyId: string): Promise<AgencyRow> =>
  (await db.select().from(agencies).where(eq(agencies.id, agencyId)).limit(1))[0]!;

export const companiesOf = (db: Db, agencyId: string) => db.select().from(companies).where(eq(companies.agencyId, agencyId)).orderBy(asc(companies.name));

export const companyOf = async (db: Db, agencyId: string, companyId: string): Promise<CompanyRow | undefined> =>
  (
    await db
      .select()
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.agencyId, agencyId)))
      .limit(1)
  )[0];

export const entitiesOf = (db: Db, companyIds: string[]) =>
  companyIds.length
    ? db
        .select({ id: entities.id, companyId: entities.companyId, name: entities.name })
        .from(entities)
        .where(inArray(entities.companyId, companyIds))
        .orderBy(asc(entities.name))
    : Promise.resolve([]);

/** The travel managers (permission account_creation) of companies, deactivated ones too. */
export const travelManagersOf = (db: Db, companyIds: string[]) =>
  companyIds.length
    ? db
        .select()
        .from(users)
        .where(
          and(inArray(users.companyId, companyIds), arrayContains(users.perms, ['account_creation']), inArray(users.status, ['invited', 'active', 'inactive'])),
        )
        .orderBy(asc(users.lastname), asc(users.firstname))
    : Promise.resolve([]);

export async function insertCompany(db: Db, values: typeof companies.$inferInsert, entityNames: string[]): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  await db.insert(entities).values(entityNames.map((name) => ({ companyId: row!.id, name })));
  return row!;
}

export async function updateCompany(db: Db, companyId: string, values: Partial<typeof companies.$inferInsert>): Promise<CompanyRow> {
  const [row] = await db.update(companies).set(values).where(eq(companies.id, companyId)).returning();
  return row!;
}

export const setCompanySso = (db: Db, companyId: string, sso: CompanySso | null) => db.update(companies).set({ sso }).where(eq(companies.id, companyId));

/** Another company (of any agency) whose sign-in goes by this segment: the entry paths /auth/sso/<segment> are the whole server's. */
export const segmentUsedElsewhere = async (db: Db, segment: string, companyId: string) =>
  (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(sql`${companies.sso}->>'segment' = ${segment}`, ne(companies.id, companyId)))
      .limit(1)
  ).length > 0;

/** The agency's staff: its people without a company who hold a staff role, deleted accounts aside. */
const isStaff = (agencyId: string) =>
  and(
    eq(users.agencyId, agencyId),
    isNull(users.companyId),
    arrayOverlaps(users.perms, [...STAFF_ROLES]),
    inArray(users.status, ['invited', 'active', 'inactive']),
  );

export const staffOf = (db: Db, agencyId: string) => db.select().from(users).where(isStaff(agencyId)).orderBy(asc(users.lastname), asc(users.firstname));

export const staffMember = async (db: Db, agencyId: string, userId: string): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(isStaff(agencyId), eq(users.id, userId)))
      .limit(1)
  )[0];

export async function updateAgency(db: Db, agencyId: string, values: Partial<typeof agencies.$inferInsert>): Promise<AgencyRow> {
  const [row] = await db.update(agencies).set(values).where(eq(agencies.id, agencyId)).returning();
  return row!;
}

export const setCommunications = (db: Db, agencyId: string, communications: AgencyCommunication[]) =>
  db.update(agencies).set({ communications }).where(eq(agencies.id, agencyId));

/** Locks the agency's row for a read-modify-write of its messages (two administrators at once keep both changes). */
export const lockAgency = async (db: Db, agencyId: string): Promise<AgencyRow> =>
  (await db.select().from(agencies).where(eq(agencies.id, agencyId)).for('update'))[0]!;

/** Names of the agency's companies and people the history names (by id). */
export const companyNames = (db: Db, agencyId: string, ids: string[]) =>
  ids.length
    ? db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(eq(companies.agencyId, agencyId), inArray(companies.id, ids)))
    : Promise.resolve([]);

export const userNames = (db: Db, agencyId: string, ids: string[]) =>
  ids.length
    ? db
        .select({ id: users.id, name: sql<string>`${users.firstname} || ' ' || ${users.lastname}` })
        .from(users)
        .where(and(eq(users.agencyId, agencyId), inArray(users.id, ids)))
    : Promise.resolve([]);
