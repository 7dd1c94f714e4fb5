import type { Lang } from '../../contract/account';
import type { TravelContext } from '../../contract/travel';
import type { MessageKey } from '../../contract/validation';
import type { TripData } from './travels';
import type { AnalyticRule, CheckoutRules, TravelAnalytics, TravelMissionOrder, companies, travelProducts, travels } from '../db/schema';

/**
 * A company's checkout rules applied to one travel (spec 2 §4–§5): who travels, whether it is
 * compliant, which steps are needed and which are already done. The travel presenter writes the
 * step links from this; the checkout feature validates what users send with the same functions.
 */

export type TravelRow = typeof travels.$inferSelect;
export type ProductRow = typeof travelProducts.$inferSelect;
export type CompanyRules = Pick<typeof companies.$inferSelect, 'checkoutRules' | 'travelPolicy'>;

/** No company (a private traveller): nothing to fill in, nothing to approve. */
export const NO_RULES: CheckoutRules = { analytics: [], missionOrders: false, chooseApprover: false, approval: 'never', policy: null };

/** Why a product breaks the travel policy, in both languages. */
export type Compliance = { compliant: boolean; reasons: { fr: string; en: string }[] };

export type TravellerRecord = {
  travelerID: number;
  profileID?: string | null;
  guestID?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  birthdate?: string | null;
  email?: string | null;
  phone?: string | null;
};

export const complianceOf = (product: ProductRow): Compliance => (product.data as TripData).compliance ?? { compliant: true, reasons: [] };

export const isTravelCompliant = (products: ProductRow[]) => products.every((p) => complianceOf(p).compliant);

/** Who a traveller record is: their profile, their guest record, or else their name. */
export const travellerKey = (t: TravellerRecord) =>
  t.profileID ? `p:${t.profileID}` : t.guestID ? `g:${t.guestID}` : `n:${(t.firstname ?? '').toLowerCase()}|${(t.lastname ?? '').toLowerCase()}`;

/** The travel's distinct travellers, numbered from 1 in order of appearance (a person is one traveller across products). */
export function travellersOf(products: ProductRow[]): (TravellerRecord & { travelerId: number })[] {
  const seen = new Map<string, TravellerRecord & { travelerId: number }>();
  for (const p of products)
    for (const t of (p.data as TripData).travelers ?? []) {
      const key = travellerKey(t);
      if (!seen.has(key)) seen.set(key, { ...t, travelerId: seen.size + 1 });
    }
  return [...seen.values()];
}

export const analyticLabel = (rule: AnalyticRule, lang: Lang) => rule.label[lang];

/** One value checked against its rule (spec 2 §5 "Analytics form"). */
export function analyticProblem(rule: AnalyticRule, value: string | null | undefined): MessageKey | null {
  const v = value?.trim() ?? '';
  if (!v) return rule.required ? 'FIELD_REQUIRED' : null;
  if (rule.regex && !new RegExp(rule.regex).test(v)) return 'FORMAT_INVALID';
  if (rule.values?.length && !rule.values.includes(v)) return 'SELECT_VALID_VALUE';
  return null;
}

/** Whether the exemption reason goes with the analytics (no mission orders) or the mission orders. */
const exemptionInAnalytics = (rules: CheckoutRules) => !rules.missionOrders;

/** Field path → message key for every problem of analytics answers; empty when they are complete. */
export function analyticsProblems(rules: CheckoutRules, answers: TravelAnalytics | null, travellerIds: number[], compliant: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const rule of rules.analytics) {
    if (rule.level === 'travel') {
      const problem = analyticProblem(rule, answers?.fields[rule.name]);
      if (problem) problems[`fields.${rule.name}`] = problem;
    } else
      for (const id of travellerIds) {
        const problem = analyticProblem(rule, answers?.travelers[String(id)]?.[rule.name]);
        if (problem) problems[`travelersFields.${id}.${rule.name}`] = problem;
      }
  }
  if (!compliant && rules.policy && exemptionInAnalytics(rules) && !answers?.exemption?.trim()) problems.travel_policy_exemption = 'FIELD_REQUIRED';
  return problems;
}

/** Field path → PLEASE_FILL for every missing mission-order answer (spec 2 §5 "Mission orders"). */
export function missionOrderProblems(orders: TravelMissionOrder[] | null, travellerIds: number[], compliant: boolean, rules: CheckoutRules): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const id of travellerIds) {
    const order = orders?.find((o) => o.travelerId === id);
    for (const name of ['purpose', 'location', 'startLocation', 'endLocation'] as const)
      if (!order?.[name]?.trim()) problems[`${id}.${name}`] = 'PLEASE_FILL';
    if (!compliant && rules.policy && !order?.exemption?.trim()) problems[`${id}.travel_policy_exemption`] = 'PLEASE_FILL';
  }
  return problems;
}

/** Approval is needed always, or only for a non-compliant travel, as the company says. */
export const approvalNeeded = (rules: CheckoutRules, compliant: boolean) => rules.approval === 'always' || (rules.approval === 'non_compliant' && !compliant);

/** The context flags of spec 2 §3 for a travel in the cart. */
export function checkoutContext(rules: CheckoutRules, travel: TravelRow, products: ProductRow[]): TravelContext {
  const compliant = isTravelCompliant(products);
  const ids = travellersOf(products).map((t) => t.travelerId);
  const needAllAnalytics = rules.analytics.length > 0 || (!compliant && !!rules.policy && exemptionInAnalytics(rules));
  const needApproval = approvalNeeded(rules, compliant);
  return {
    needAllAnalytics,
    hasAllAnalyticsFilled: !needAllAnalytics || (travel.analytics !== null && Object.keys(analyticsProblems(rules, travel.analytics, ids, compliant)).length === 0),
    needMissionOrders: rules.missionOrders,
    hasMissionOrderFilled: !rules.missionOrders || (travel.missionOrders !== null && Object.keys(missionOrderProblems(travel.missionOrders, ids, compliant, rules)).length === 0),
    needSelectedApprover: needApproval && rules.chooseApprover,
    hasSelectedApprover: travel.approvers !== null,
  };
}

/** Who may approve a travel among the company's approvers: never its booker nor one of its travellers. */
export function eligibleApprovers<A extends { id: string }>(approvers: A[], travel: TravelRow, products: ProductRow[]): A[] {
  const travelling = new Set([travel.userId, ...travellersOf(products).map((t) => t.profileID)]);
  return approvers.filter((a) => !travelling.has(a.id));
}
