import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { agencies, companies, entities, users } from '@server/db/schema';

export type { TokenKind } from '@server/db/user-tokens';

export const setPassword = (db: Db, id: string, passwordHash: string) => db.update(users).set({ passwordHash }).where(eq(users.id, id));

/** The user with the company, its entities and agency, as the API shows it. */
export async function loadUserGraph(db: Db, userId: string) {
  const [row] = await db
    .select({ user: users, company: companies, agency: agencies })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const companyEntities = row.company ? await db.select().from(entities).where(eq(entities.companyId, row.company.id)).orderBy(entities.name) : [];
  return { ...row, entities: companyEntities };
}

export const setLang = (db: Db, userId: string, lang: 'fr' | 'en') => db.update(users).set({ lang }).where(eq(users.id, userId));

/** The single sign-on segment of the company of the agency's user with that name (not deleted nor deactivated), if it has one. */
export async function ssoSegmentOf(db: Db, agencyId: string, username: string): Promise<string | null> {
  const [row] = await db
    .select({ segment: sql<string | null>`${companies.sso}->>'segment'` })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.agencyId, agencyId), sql`lower(${users.username}) = lower(${username})`, notInArray(users.status, ['deleted', 'inactive'])))
    .limit(1);
  return row?.segment ?? null;
}

/** The company's single sign-on when it is enforced (its users sign in only through it): its entry's segment and its name. */
export async function enforcedSsoOf(db: Db, companyId: string | null): Promise<{ segment: string; name: string } | null> {
  if (!companyId) return null;
  const [row] = await db.select({ name: companies.name, sso: companies.sso }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.sso?.enforced ? { segment: row.sso.segment, name: row.name } : null;
}
