import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { companies, ssoIdentities, ssoLogins, users, type CompanySso } from '@server/db/schema';

export type SsoCompany = { id: string; agencyId: string; name: string; sso: CompanySso };

const ssoCompanyColumns = { id: companies.id, agencyId: companies.agencyId, name: companies.name, sso: companies.sso };
const withSso = (rows: { id: string; agencyId: string; name: string; sso: CompanySso | null }[]) =>
  rows.flatMap((row) => (row.sso ? [{ ...row, sso: row.sso }] : []));

/** The company whose entry is /auth/sso/<segment> (segments are unique: companies_sso_segment). */
export const companyBySegment = async (db: Db, segment: string): Promise<SsoCompany | undefined> =>
  withSso(await db.select(ssoCompanyColumns).from(companies).where(sql`${companies.sso}->>'segment' = ${segment}`).limit(1))[0];

/** The companies whose provider is the given issuer as stored (the demo provider: `/oidc`). */
export const companiesWithIssuer = async (db: Db, issuer: string): Promise<SsoCompany[]> =>
  withSso(await db.select(ssoCompanyColumns).from(companies).where(sql`${companies.sso}->>'issuer' = ${issuer}`));

export async function insertLogin(db: Db, values: typeof ssoLogins.$inferInsert, now: Date) {
  // Attempts nobody finished are of no use once expired.
  await db.delete(ssoLogins).where(lte(ssoLogins.expiresAt, now));
  await db.insert(ssoLogins).values(values);
}

/** Marks the browser's attempt used and answers it, only if it was unused and unexpired: a callback is honoured once. */
export async function consumeLogin(db: Db, browserHash: string, now: Date) {
  const [row] = await db
    .update(ssoLogins)
    .set({ usedAt: now })
    .where(and(eq(ssoLogins.browserHash, browserHash), isNull(ssoLogins.usedAt), gt(ssoLogins.expiresAt, now)))
    .returning();
  return row;
}

export const companiesById = async (db: Db, id: string): Promise<SsoCompany[]> =>
  withSso(await db.select(ssoCompanyColumns).from(companies).where(eq(companies.id, id)).limit(1));

/** The user a provider's subject is linked to (`issuer`: the company's configured issuer, as stored). */
export const linkedUserId = async (db: Db, issuer: string, subject: string): Promise<string | undefined> =>
  (
    await db
      .select({ userId: ssoIdentities.userId })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
      .limit(1)
  )[0]?.userId;

/** The subject of that issuer a user is already linked to, if any. */
export const linkedSubject = async (db: Db, issuer: string, userId: string): Promise<string | undefined> =>
  (
    await db
      .select({ subject: ssoIdentities.subject })
      .from(ssoIdentities)
      .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.userId, userId)))
      .limit(1)
  )[0]?.subject;

/** Links the subject to the user; false when that subject was linked first (by a concurrent sign-in). */
export async function link(db: Db, values: { issuer: string; subject: string; userId: string }) {
  const rows = await db.insert(ssoIdentities).values(values).onConflictDoNothing().returning({ userId: ssoIdentities.userId });
  return rows.length === 1;
}

/** Holds the user's row until the transaction ends: one first sign-in of an account at a time. */
export async function lockUser(tx: Db, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
