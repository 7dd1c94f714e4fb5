import { and, arrayContains, asc, eq, sql } from 'drizzle-orm';
import type { TravelPolicyRules } from '../domain/company';
import { preparedPer, type Db } from './client';
import { companies, users } from './schema';

/** Company reads shared by features: suggested addresses, approvers, the travel policy. */

/** Whether the company is one of the agency's: ids of other agencies' companies are unknown here. */
export const isAgencyCompany = async (db: Db, agencyId: string, companyId: string) =>
  (await db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, companyId), eq(companies.agencyId, agencyId))).limit(1)).length === 1;

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

/** A company's travel policy in figures; none for a traveller without a company. */
const checkoutRulesOf = preparedPer((db) =>
  db.select({ rules: companies.checkoutRules }).from(companies).where(eq(companies.id, sql.placeholder('companyId'))).limit(1).prepare('company_checkout_rules'),
);

export async function companyPolicy(db: Db, companyId: string | null): Promise<TravelPolicyRules | null> {
  if (!companyId) return null;
  const [row] = await checkoutRulesOf(db).execute({ companyId });
  return row?.rules.policy ?? null;
}
