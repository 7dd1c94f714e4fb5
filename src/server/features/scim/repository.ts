import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { companies, scimTokens, users, type UserStatus } from '@server/db/schema';
import type { UserFilter } from './filter';

export type UserRow = typeof users.$inferSelect;
export type ScimCompany = { id: string; agencyId: string; name: string };

/** The company of a SCIM token that is not revoked. */
export async function companyOfToken(db: Db, tokenHash: string): Promise<ScimCompany | undefined> {
  const [row] = await db
    .select({ id: companies.id, agencyId: companies.agencyId, name: companies.name })
    .from(scimTokens)
    .innerJoin(companies, eq(companies.id, scimTokens.companyId))
    .where(and(eq(scimTokens.tokenHash, tokenHash), isNull(scimTokens.revokedAt)))
    .limit(1);
  return row;
}

/** The employees SCIM sees: invited, active or deactivated (an erased account is gone; a self-signed-up one has no company). */
const VISIBLE: UserStatus[] = ['invited', 'active', 'inactive'];

const ofCompany = (companyId: string) => and(eq(users.companyId, companyId), inArray(users.status, VISIBLE));

const filterSql = (filter: UserFilter | undefined): SQL | undefined =>
  !filter
    ? undefined
    : filter.attribute === 'userName'
      ? sql`lower(${users.username}) = lower(${filter.value})`
      : filter.attribute === 'email'
        ? sql`lower(${users.email}) = lower(${filter.value})`
        : // The identity provider's id is compared as it is (caseExact).
          eq(users.externalId, filter.value);

export const userOfCompany = async (db: Db, companyId: string, id: string): Promise<UserRow | undefined> =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), ofCompany(companyId)))
      .limit(1)
  )[0];

/** A page of the company's users (oldest first), and how many match in all. */
export async function listUsers(db: Db, companyId: string, filter: UserFilter | undefined, offset: number, limit: number) {
  const where = and(ofCompany(companyId), filterSql(filter));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const rows = limit > 0 ? await db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id)).offset(offset).limit(limit) : [];
  return { total: Number(total), rows };
}

/**
 * Which of the unique values another account of the agency already has (usernames and e-mails are
 * unique per agency, whatever the company), or another employee of the company (its external ids).
 */
export async function takenBy(db: Db, company: ScimCompany, values: { userName: string; email: string; externalId: string | null }, exceptId?: string) {
  const [row] = await db
    .select({ username: users.username, email: users.email, externalId: users.externalId, companyId: users.companyId })
    .from(users)
    .where(
      and(
        exceptId ? ne(users.id, exceptId) : undefined,
        or(
          and(
            eq(users.agencyId, company.agencyId),
            or(sql`lower(${users.username}) = lower(${values.userName})`, sql`lower(${users.email}) = lower(${values.email})`),
          ),
          values.externalId ? and(eq(users.companyId, company.id), eq(users.externalId, values.externalId)) : undefined,
        ),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (row.username.toLowerCase() === values.userName.toLowerCase()) return 'userName';
  if (row.email.toLowerCase() === values.email.toLowerCase()) return 'email';
  return 'externalId';
}

export async function updateUser(db: Db, id: string, values: Pick<UserRow, 'username' | 'email' | 'firstname' | 'lastname' | 'externalId'>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}
