import type { TravelContext } from '@contract/travel';
import { analyticValueProblem } from '@contract/tenant-pattern';
import type { MessageKey } from '@contract/validation';
import type { AnalyticRule, CheckoutRules } from './company';
import { isTravelCompliant, travelersOf, type StoredProduct } from './product';
import type { TravelAnalytics, TravelMissionOrder, TravelState } from './travel-state';

/**
 * A company's checkout rules applied to one travel (spec 2 §4–§5): which steps are needed and
 * which are already done, what a step's answers lack, and who may approve. The travel presenter
 * writes the step links from this; the checkout feature validates what users send with the same
 * functions.
 */

/**
 * One value checked against its rule (spec 2 §5 "Analytics form"): the check the checkout form
 * applies too, the company's pattern run in linear time (contract/tenant-pattern.ts).
 */
export const analyticProblem = (rule: AnalyticRule, value: string | null | undefined): MessageKey | null => analyticValueProblem(rule, value);

/** Whether the exemption reason goes with the analytics (no mission orders) or the mission orders. */
const exemptionInAnalytics = (rules: CheckoutRules) => !rules.missionOrders;

/** Field path → message key for every problem of analytics answers; empty when they are complete. */
export function analyticsProblems(rules: CheckoutRules, answers: TravelAnalytics | null, travelerIds: number[], compliant: boolean): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const rule of rules.analytics) {
    if (rule.level === 'travel') {
      const problem = analyticProblem(rule, answers?.fields[rule.name]);
      if (problem) problems[`fields.${rule.name}`] = problem;
    } else
      for (const id of travelerIds) {
        const problem = analyticProblem(rule, answers?.travelers[String(id)]?.[rule.name]);
        if (problem) problems[`travelersFields.${id}.${rule.name}`] = problem;
      }
  }
  if (!compliant && rules.policy && exemptionInAnalytics(rules) && !answers?.exemption?.trim()) problems.travel_policy_exemption = 'FIELD_REQUIRED';
  return problems;
}

/** Field path → PLEASE_FILL for every missing mission-order answer (spec 2 §5 "Mission orders"). */
export function missionOrderProblems(
  orders: TravelMissionOrder[] | null,
  travelerIds: number[],
  compliant: boolean,
  rules: CheckoutRules,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const id of travelerIds) {
    const order = orders?.find((o) => o.travelerId === id);
    for (const name of ['purpose', 'location', 'startLocation', 'endLocation'] as const) if (!order?.[name]?.trim()) problems[`${id}.${name}`] = 'PLEASE_FILL';
    if (!compliant && rules.policy && !order?.exemption?.trim()) problems[`${id}.travel_policy_exemption`] = 'PLEASE_FILL';
  }
  return problems;
}

/** Approval is needed always, or only for a non-compliant travel, as the company says. */
export const approvalNeeded = (rules: CheckoutRules, compliant: boolean) => rules.approval === 'always' || (rules.approval === 'non_compliant' && !compliant);

/** The context flags of spec 2 §3 for a travel in the cart. */
export function checkoutContext(
  rules: CheckoutRules,
  travel: Pick<TravelState, 'analytics' | 'missionOrders' | 'approvers'>,
  products: StoredProduct[],
): TravelContext {
  const compliant = isTravelCompliant(products);
  const ids = travelersOf(products).map((t) => t.travelerId);
  const needAllAnalytics = rules.analytics.length > 0 || (!compliant && !!rules.policy && exemptionInAnalytics(rules));
  const needApproval = approvalNeeded(rules, compliant);
  return {
    needAllAnalytics,
    hasAllAnalyticsFilled:
      !needAllAnalytics || (travel.analytics !== null && Object.keys(analyticsProblems(rules, travel.analytics, ids, compliant)).length === 0),
    needMissionOrders: rules.missionOrders,
    hasMissionOrderFilled:
      !rules.missionOrders || (travel.missionOrders !== null && Object.keys(missionOrderProblems(travel.missionOrders, ids, compliant, rules)).length === 0),
    needSelectedApprover: needApproval && rules.chooseApprover,
    hasSelectedApprover: travel.approvers !== null,
  };
}

/** Who may approve a travel among the company's approvers: never its booker nor one of its travellers. */
export function eligibleApprovers<A extends { id: string }>(approvers: A[], travel: Pick<TravelState, 'userId'>, products: StoredProduct[]): A[] {
  const travelling = new Set([travel.userId, ...travelersOf(products).map((t) => t.profileID)]);
  return approvers.filter((a) => !travelling.has(a.id));
}
