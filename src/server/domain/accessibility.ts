/**
 * Accessibility needs (spec 3 "User profile (form)", "Profile form" handicap section; spec 2 §5 codes 1
 * and 2): the reference data the profile offers, the clearing rule, and what a search makes of its
 * travellers' needs. Pure: the profile feature stores `Accessibility` on the user, the trip search
 * reads it for each traveller it may book for.
 */
import type { Lang } from '@contract/account';
import type { DisabilityCard, HandicapType, Wheelchair } from '@contract/profile';

/** What a user records of their needs (users.accessibility); all null / false when they have none. */
export type Accessibility = {
  hasHandicap: boolean;
  handicap: string | null;
  wheelchair: string | null;
  /** Width × length × height in cm, written `65x100x90`. */
  wheelchair_dimensions: string | null;
  /** Kilograms. */
  wheelchair_weight: number | null;
  /** Centimetres. */
  wheelchair_wheel_thickness: number | null;
  /** They hold an invalidity card saying they travel with a companion. */
  need_accompanying: boolean;
  /** They travel as the companion of a passenger who needs one… */
  accompanying: boolean;
  /** …whose card is of this kind. */
  disability_card: DisabilityCard | null;
};

export const NO_NEEDS: Accessibility = {
  hasHandicap: false,
  handicap: null,
  wheelchair: null,
  wheelchair_dimensions: null,
  wheelchair_weight: null,
  wheelchair_wheel_thickness: null,
  need_accompanying: false,
  accompanying: false,
  disability_card: null,
};

type Labelled = { name: string; label: Record<Lang, string> };

/** GET /handicap/types: the kinds of disability a rail or air operator's assistance service asks about. */
export const HANDICAP_TYPES: Labelled[] = [
  { name: 'WHEELCHAIR_USER', label: { fr: 'Personne en fauteuil roulant', en: 'Wheelchair user' } },
  {
    name: 'REDUCED_MOBILITY',
    label: { fr: 'Mobilité réduite (marche difficile, canne, déambulateur)', en: 'Reduced mobility (walking difficulty, cane, walker)' },
  },
  { name: 'VISUAL', label: { fr: 'Déficience visuelle', en: 'Visual impairment' } },
  { name: 'HEARING', label: { fr: 'Déficience auditive', en: 'Hearing impairment' } },
  { name: 'COGNITIVE', label: { fr: 'Déficience cognitive ou psychique', en: 'Cognitive or mental impairment' } },
  { name: 'OTHER', label: { fr: 'Autre besoin d’assistance', en: 'Other assistance need' } },
];

/**
 * GET /handicap/wheelchairs: common kinds with typical measures (width × length × height in cm, weight in
 * kg, wheel thickness in cm), which fill the form's measures when one is chosen. Rail spaces take up to
 * 70 × 120 cm and 250 kg loaded, lifts 80 × 130 cm.
 */
export const WHEELCHAIRS: (Labelled & { dimensions: string; weight: number; wheel_thickness: number })[] = [
  { name: 'MANUAL_FOLDING', label: { fr: 'Fauteuil manuel pliant', en: 'Folding manual wheelchair' }, dimensions: '66x104x90', weight: 16, wheel_thickness: 3 },
  {
    name: 'MANUAL_RIGID',
    label: { fr: 'Fauteuil manuel à châssis rigide', en: 'Rigid-frame manual wheelchair' },
    dimensions: '60x90x80',
    weight: 9,
    wheel_thickness: 2.5,
  },
  { name: 'ELECTRIC', label: { fr: 'Fauteuil électrique', en: 'Power wheelchair' }, dimensions: '68x115x105', weight: 120, wheel_thickness: 8 },
  {
    name: 'ELECTRIC_FOLDING',
    label: { fr: 'Fauteuil électrique pliant', en: 'Folding power wheelchair' },
    dimensions: '62x100x92',
    weight: 27,
    wheel_thickness: 5,
  },
  { name: 'SCOOTER', label: { fr: 'Scooter électrique de mobilité', en: 'Mobility scooter' }, dimensions: '64x125x100', weight: 85, wheel_thickness: 9 },
];

export const handicapTypes = (lang: Lang): HandicapType[] => HANDICAP_TYPES.map((t) => ({ name: t.name, label: t.label[lang] }));
export const wheelchairs = (lang: Lang): Wheelchair[] =>
  WHEELCHAIRS.map((w) => ({ name: w.name, label: w.label[lang], dimensions: w.dimensions, weight: w.weight, wheel_thickness: w.wheel_thickness }));

export const isHandicapType = (name: string) => HANDICAP_TYPES.some((t) => t.name === name);
export const isWheelchair = (name: string) => WHEELCHAIRS.some((w) => w.name === name);

/**
 * The profile's clearing rules (spec 3 §4 "Profile form"): without a handicap, its type, wheelchair,
 * measures and need of a companion go; without a wheelchair, its measures; without accompanying, the
 * accompanied person's card.
 */
export function cleared(a: Accessibility): Accessibility {
  const handicap = a.hasHandicap ? a : { ...a, handicap: null, wheelchair: null, need_accompanying: false };
  const chair = handicap.wheelchair ? handicap : { ...handicap, wheelchair_dimensions: null, wheelchair_weight: null, wheelchair_wheel_thickness: null };
  return chair.accompanying ? chair : { ...chair, disability_card: null };
}

/** What a search asks the supplier for its travellers: assistance for one disabled passenger, and whether they travel with their companion. */
export type SearchAssistance = { travelerID: number; handicap: string; wheelchair: string | null; accompaniedBy: number | null };

/**
 * The single disabled / single accompanying passenger rules (spec 2 §5, codes 1 and 2): at most one
 * traveller of a search has a handicap, and at most one travels as a companion — one counts as a
 * companion only when another traveller of the search needs one.
 */
export function searchAssistance(
  travellers: { travelerID: number; needs: Accessibility | null }[],
): { problem: 'SEVERAL_DISABLED_PASSENGERS' | 'SEVERAL_ACCOMPANYING_PASSENGERS' } | { assistance: SearchAssistance | null } {
  const disabled = travellers.filter((t) => t.needs?.hasHandicap);
  if (disabled.length > 1) return { problem: 'SEVERAL_DISABLED_PASSENGERS' };
  const needsCompanion = disabled.some((t) => t.needs!.need_accompanying);
  const companions = needsCompanion ? travellers.filter((t) => !t.needs?.hasHandicap && t.needs?.accompanying) : [];
  if (companions.length > 1) return { problem: 'SEVERAL_ACCOMPANYING_PASSENGERS' };
  const one = disabled[0];
  if (!one) return { assistance: null };
  return {
    assistance: {
      travelerID: one.travelerID,
      handicap: one.needs!.handicap ?? 'OTHER',
      wheelchair: one.needs!.wheelchair,
      accompaniedBy: companions[0]?.travelerID ?? null,
    },
  };
}
