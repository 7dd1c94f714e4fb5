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
  /**
   * Hotel nightly caps per room (cents, before tourist taxes) by reference city id (`paris`, `lyon`,
   * `london`…: the city a hotel belongs to), and elsewhere. The seed writes its city classes this way.
   */
  hotel: { maxNightlyByCity: Record<string, number>; maxNightly: number };
  /** Car rental: the categories allowed (spec 1 §9 car types) and a cap per day (cents); none: any car. */
  car?: { categories: string[]; maxDaily: number | null };
};

/** What a company requires between the cart and a booking (spec 2 §1, §4). */
export type CheckoutRules = {
  analytics: AnalyticRule[];
  missionOrders: boolean;
  chooseApprover: boolean;
  approval: 'always' | 'non_compliant' | 'never';
  policy: TravelPolicyRules | null;
  /**
   * How its travellers may pay at the final step besides the company's account, which is always
   * offered: `card` — by card, for travels that need no approval. Absent: the account only.
   */
  payment?: { card: boolean };
};

/** No company (a private traveller): nothing to fill in, nothing to approve. */
export const NO_RULES: CheckoutRules = { analytics: [], missionOrders: false, chooseApprover: false, approval: 'never', policy: null };

/** What a travel's presentation and checkout need of its company. */
export type CompanyRules = {
  checkoutRules: CheckoutRules;
  travelPolicy: string | null;
  /** The company sells hotels / car rentals to its travellers (spec 1 §6): a travel in the cart accepts them. */
  hotelEnabled?: boolean;
  carrentalEnabled?: boolean;
};

/** Which staff a member is, as a travel booked by them names them (the first permission that applies). */
export const staffRole = (perms: readonly string[]): 'travel_agent' | 'assistance_agent' =>
  perms.includes('travel_agent') ? 'travel_agent' : 'assistance_agent';

/** The company's rules, or none for a traveller without a company. */
export const rulesOf = (company: CompanyRules | null): CheckoutRules => company?.checkoutRules ?? NO_RULES;
