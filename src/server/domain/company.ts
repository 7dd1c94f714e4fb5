/**
 * A company's rules, as its travel agency sets them: what checkout asks (analytics, mission orders,
 * an approver), when a travel needs approval, and the travel policy in figures.
 */

/** Texts a company writes in both languages. */
export type Localized = { fr: string; en: string };

/** An analytics field a company asks for at checkout (spec 2 §3), for the travel or per traveller. */
export type AnalyticRule = {
  name: string;
  label: Localized;
  level: 'travel' | 'traveler';
  required: boolean;
  values?: string[];
  valueCodes?: string[];
  regex?: string;
  regexDesc?: Localized;
};

/** A company's travel policy, in figures: what makes a product compliant. Prices in cents per traveller. */
export type TravelPolicyRules = {
  /** Rail: first class only from this journey time (minutes); null: never. Price caps by distance. */
  rail: { firstClassFromMinutes: number | null; maxPriceByDistance: { upToKm: number | null; maxPrice: number }[] };
  /** Flight only when the train takes longer than this (minutes), in these cabins. */
  flight: { onlyAboveRailMinutes: number; cabins: string[] };
  /** Hotel nightly caps by city name (lower case), and elsewhere. */
  hotel: { maxNightlyByCity: Record<string, number>; maxNightly: number };
};

/** What a company requires between the cart and a booking (spec 2 §1, §4). */
export type CheckoutRules = {
  analytics: AnalyticRule[];
  missionOrders: boolean;
  chooseApprover: boolean;
  approval: 'always' | 'non_compliant' | 'never';
  policy: TravelPolicyRules | null;
};

/** No company (a private traveller): nothing to fill in, nothing to approve. */
export const NO_RULES: CheckoutRules = { analytics: [], missionOrders: false, chooseApprover: false, approval: 'never', policy: null };

/** What a travel's presentation and checkout need of its company. */
export type CompanyRules = { checkoutRules: CheckoutRules; travelPolicy: string | null };

/** The company's rules, or none for a traveller without a company. */
export const rulesOf = (company: CompanyRules | null): CheckoutRules => company?.checkoutRules ?? NO_RULES;
