import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, users } from '../db/schema';

/** The addresses a company offers in every place search (its config's suggestedAddresses). */
export const companySuggestedAddresses = async (db: Db, companyId: string) =>
  (await db.select({ addresses: companies.suggestedAddresses }).from(companies).where(eq(companies.id, companyId)).limit(1))[0]?.addresses ?? [];

/** The company's active users with the approval permission, by name. */
export const companyApprovers = (db: Db, companyId: string) =>
  db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active'), arrayContains(users.perms, ['approval'])))
    .orderBy(asc(users.lastname), asc(users.firstname));
