import { and, asc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { agencies, authFailures, companies, entities, users } from '@server/db/schema';

export type { TokenKind } from '@server/db/user-tokens';

export const setPassword = (db: Db, id: string, passwordHash: string) => db.update(users).set({ passwordHash }).where(eq(users.id, id));

export type AttemptScope = (typeof authFailures.$inferSelect)['scope'];

/** Writes a sign-in attempt under each key, before its password is checked; answers the rows' ids. */
export async function recordAttempts(db: Db, keys: { scope: AttemptScope; key: string }[], at: Date): Promise<string[]> {
  const rows = await db
    .insert(authFailures)
    .values(keys.map((k) => ({ ...k, at })))
    .returning({ id: authFailures.id });
  return rows.map((r) => r.id);
}

/** The times of a key's attempts after `since`, oldest first, but for the caller's own (`except`); older ones are dropped on the way. */
export async function attemptsSince(db: Db, scope: AttemptScope, key: string, since: Date, except: string[]): Promise<Date[]> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), lte(authFailures.at, since)));
  const rows = await db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.at, since), notInArray(authFailures.id, except)))
    .orderBy(asc(authFailures.at));
  return rows.map((r) => r.at);
}

export const forgetAttempts = (db: Db, ids: string[]) => db.delete(authFailures).where(inArray(authFailures.id, ids));

export const clearAttempts = (db: Db, scope: AttemptScope, key: string) =>
  db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));

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
