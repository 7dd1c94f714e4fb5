import { and, arrayContains, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type TravelPolicyRules } from '../domain/company';
import { isAgencyStaff } from '@contract/permissions';
import { preparedPer, type Db } from './client';
import { fail } from '../platform/errors';
import { companies, entities, users, type CompanyConfig } from './schema';

/** Company reads shared by features: suggested addresses, approvers, the travel policy. */

/** Whether the company is one of the agency's: ids of other agencies' companies are unknown here. */
export const isAgencyCompany = async (db: Db, agencyId: string, companyId: string) =>
  (
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), eq(companies.agencyId, agencyId)))
      .limit(1)
  ).length === 1;

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

/**
 * The backup the travel manager gave an approver, if it still may answer in their place:
 * an active approver of the same company.
 */
export async function approverBackup(db: Db, companyId: string, approverId: string): Promise<string | null> {
  const backup = alias(users, 'backup');
  const [row] = await db
    .select({ id: backup.id })
    .from(users)
    .innerJoin(backup, eq(backup.id, users.backupApproverId))
    .where(
      and(
        eq(users.id, approverId),
        eq(users.companyId, companyId),
        eq(backup.companyId, companyId),
        eq(backup.status, 'active'),
        arrayContains(backup.perms, ['approval']),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** A company's travel policy in figures; none for a traveller without a company. */
const checkoutRulesOf = preparedPer((db) =>
  db
    .select({ rules: companies.checkoutRules })
    .from(companies)
    .where(eq(companies.id, sql.placeholder('companyId')))
    .limit(1)
    .prepare('company_checkout_rules'),
);

export async function companyPolicy(db: Db, companyId: string | null): Promise<TravelPolicyRules | null> {
  if (!companyId) return null;
  const [row] = await checkoutRulesOf(db).execute({ companyId });
  return row?.rules.policy ?? null;
}

/** What a hotel or car search, or its add to cart, needs of the company it books for. */
export type BuyerCompany = {
  id: string;
  name: string;
  hotelEnabled: boolean;
  carrentalEnabled: boolean;
  policy: TravelPolicyRules | null;
  config: CompanyConfig;
  entityIds: string[];
};

/**
 * The company a search or an add to cart books for: the caller's own, or — for agency staff, who act
 * for the agency's customers — the company `customerId` names, one of the agency's. Naming any other
 * company (another agency's, or a customer without being staff) is refused as unknown (404, 33):
 * nothing tells whether it exists. No company (a private traveller, a visitor, staff naming none): null.
 */
export async function buyerCompany(
  db: Db,
  agencyId: string,
  user: { companyId: string | null; perms: string[] } | null,
  customerId?: string | null,
): Promise<BuyerCompany | null> {
  const isStaff = isAgencyStaff(user?.perms ?? []);
  const id = customerId && customerId !== user?.companyId ? (isStaff ? customerId : fail('COMPANY_NOT_FOUND')) : (user?.companyId ?? null);
  if (!id) return null;
  if (!/^[0-9a-f-]{36}$/.test(id)) return fail('COMPANY_NOT_FOUND');
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      hotelEnabled: companies.hotelEnabled,
      carrentalEnabled: companies.carrentalEnabled,
      rules: companies.checkoutRules,
      config: companies.config,
    })
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.agencyId, agencyId)))
    .limit(1);
  if (!row) return fail('COMPANY_NOT_FOUND');
  const entityIds = (await db.select({ id: entities.id }).from(entities).where(eq(entities.companyId, row.id))).map((e) => e.id);
  return {
    id: row.id,
    name: row.name,
    hotelEnabled: row.hotelEnabled,
    carrentalEnabled: row.carrentalEnabled,
    policy: row.rules.policy,
    config: row.config,
    entityIds,
  };
}

/** Whether the user's company signs its people in with its own provider. */
export async function companyHasSso(db: Db, companyId: string | null): Promise<boolean> {
  if (!companyId) return false;
  const [row] = await db.select({ sso: companies.sso }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return Boolean(row?.sso);
}
