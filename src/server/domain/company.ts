/**
 * A company's rules, as its travel agency sets them: what checkout asks (analytics, mission orders,
 * an approver), when a travel needs approval, and the travel policy in figures.
 */

import type { RelBody } from '@contract/rels';
import { patternCompiles } from '@contract/tenant-pattern';

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

/** An analytics field as the editors send it (the travel manager's, the agency administrator's, the operator's rules file). */
type AnalyticsField = RelBody<'updateAnalytics'>['fields'][number];

/** The rule a field makes: values and their codes only when it has values, a pattern only with its description. */
export function analyticRuleOf(field: AnalyticsField): AnalyticRule {
  const regex = field.regex?.trim() ? field.regex : null;
  return {
    name: field.name,
    label: field.label,
    level: field.level,
    required: field.required,
    ...(field.values.length ? { values: field.values } : {}),
    ...(field.values.length && field.valueCodes.length ? { valueCodes: field.valueCodes } : {}),
    ...(regex && field.regexDesc ? { regex, regexDesc: { fr: field.regexDesc.fr, en: field.regexDesc.en } } : {}),
  };
}

/**
 * Field path (`fields.<i>.regex`) → REGEX_INVALID for each pattern the linear-time engine cannot run
 * (a backreference, a lookaround…): the editors' schema checks JavaScript syntax only, and checkout
 * never runs a company's pattern any other way (contract/tenant-pattern.ts).
 */
export function patternProblems(fields: readonly Pick<AnalyticsField, 'regex'>[]): Record<string, 'REGEX_INVALID'> {
  const problems: Record<string, 'REGEX_INVALID'> = {};
  fields.forEach((f, i) => {
    if (f.regex?.trim() && !patternCompiles(f.regex)) problems[`fields.${i}.regex`] = 'REGEX_INVALID';
  });
  return problems;
}

/** A travel policy as the editors send it. */
type PolicyInput = NonNullable<RelBody<'updateTravelPolicy'>['policy']>;

/**
 * The policy in figures, hotel caps by reference city id. A hotel class naming a place that is not a
 * known city (`city:<id>` that `isCity` accepts) is reported through `unknownCity` with its indexes.
 */
export function travelPolicyOf(
  p: PolicyInput,
  isCity: (id: string) => boolean,
  unknownCity: (classIndex: number, cityIndex: number, placeId: string) => void,
): TravelPolicyRules {
  const maxNightlyByCity: Record<string, number> = {};
  p.hotel.classes.forEach((c, i) =>
    c.cities.forEach((placeId, j) => {
      const id = placeId.replace(/^city:/, '');
      if (!placeId.startsWith('city:') || !isCity(id)) unknownCity(i, j, placeId);
      maxNightlyByCity[id] = c.maxNightly;
    }),
  );
  return {
    rail: {
      firstClassFromMinutes: p.rail.firstClassFromMinutes ?? null,
      maxPriceByDistance: p.rail.maxPriceByDistance.map((b) => ({ upToKm: b.upToKm ?? null, maxPrice: b.maxPrice })),
    },
    flight: { onlyAboveRailMinutes: p.flight.onlyAboveRailMinutes, cabins: [...p.flight.cabins] },
    hotel: { maxNightlyByCity, maxNightly: p.hotel.maxNightly },
    ...(p.car ? { car: { categories: [...p.car.categories], maxDaily: p.car.maxDaily ?? null } } : {}),
  };
}
