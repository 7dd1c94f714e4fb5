import type { CardType } from '@contract/loyalty-cards';
import type { Flexibility } from '../domain/journey';

/**
 * The loyalty and discount programmes the sandbox supplier knows (spec 3 "Card type"), per
 * transport type, with their number rules. A rail discount card lowers the fares of the carriers that
 * accept it (`discount`), like the French rail operator's cards do: 30 % with a Carte Avantage, 25 %
 * with a BahnCard 25.
 */
export type CardProgramme = CardType & {
  /** What a valid card takes off a fare: the rate, on which carriers' trains, on which fares. */
  discount: { rate: number; carriers: string[]; flexes: Flexibility[] } | null;
};

const digits = '^[0-9]+$';
const ALL_FLEXES: Flexibility[] = [1, 2, 3];

export const CARD_PROGRAMMES: readonly CardProgramme[] = [
  // Rail (the SNCF's cards: 17 digits starting 29090, Luhn-checked).
  {
    uid: 'sncf-avantage',
    name: 'Carte Avantage (SNCF)',
    type: 'rail',
    card_type: 'discount',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 17,
    validationAlgorithm: 'luhn',
    validationPrefix: '29090',
    discount: { rate: 0.3, carriers: ['SNCF', 'IC', 'TER'], flexes: ALL_FLEXES },
  },
  {
    uid: 'sncf-liberte',
    name: 'Carte Liberté (SNCF)',
    type: 'rail',
    card_type: 'discount',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 17,
    validationAlgorithm: 'luhn',
    validationPrefix: '29090',
    discount: { rate: 0.3, carriers: ['SNCF', 'IC'], flexes: [2, 3] },
  },
  {
    uid: 'sncf-voyageur',
    name: 'Programme SNCF Voyageur',
    type: 'rail',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 17,
    validationAlgorithm: null,
    validationPrefix: '29090',
    discount: null,
  },
  {
    uid: 'db-bahncard-25',
    name: 'BahnCard 25 (DB)',
    type: 'rail',
    card_type: 'discount',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 16,
    validationAlgorithm: 'luhn',
    validationPrefix: '7081',
    discount: { rate: 0.25, carriers: ['DB'], flexes: ALL_FLEXES },
  },
  // Airlines.
  {
    uid: 'af-flying-blue',
    name: 'Flying Blue (Air France-KLM)',
    type: 'airline',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 10,
    validationAlgorithm: 'luhn',
    validationPrefix: null,
    discount: null,
  },
  {
    uid: 'lh-miles-and-more',
    name: 'Miles & More (Lufthansa)',
    type: 'airline',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 15,
    validationAlgorithm: 'luhn',
    validationPrefix: '992',
    discount: null,
  },
  // Hotels.
  {
    uid: 'accor-all',
    name: 'ALL – Accor Live Limitless',
    type: 'hotel',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 16,
    validationAlgorithm: 'luhn',
    validationPrefix: '3081',
    discount: null,
  },
  {
    uid: 'marriott-bonvoy',
    name: 'Marriott Bonvoy',
    type: 'hotel',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 9,
    validationAlgorithm: null,
    validationPrefix: null,
    discount: null,
  },
  // Car rental.
  {
    uid: 'hertz-gold',
    name: 'Hertz Gold Plus Rewards',
    type: 'car_rental',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: digits,
    validationLength: 8,
    validationAlgorithm: null,
    validationPrefix: null,
    discount: null,
  },
  {
    uid: 'europcar-privilege',
    name: 'Europcar Privilege',
    type: 'car_rental',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: null,
    validationLength: null,
    validationAlgorithm: null,
    validationPrefix: null,
    discount: null,
  },
  {
    uid: 'avis-preferred',
    name: 'Avis Preferred',
    type: 'car_rental',
    card_type: 'loyalty_card',
    requiredNumber: false,
    validationRegex: null,
    validationLength: null,
    validationAlgorithm: null,
    validationPrefix: null,
    discount: null,
  },
];

const byId = new Map(CARD_PROGRAMMES.map((p) => [p.uid, p]));
export const cardProgramme = (uid: string): CardProgramme | undefined => byId.get(uid);

/** The card type as the API shows it (the discount is the supplier's business). */
export const cardTypeOf = ({ discount: _discount, ...type }: CardProgramme): CardType => type;

/**
 * What the best of a passenger's valid cards takes off a fare of `carrier` (0: nothing): one card
 * counts, never two.
 */
export function cardDiscount(cardTypeIds: readonly string[], carrier: string, flexibility: Flexibility): number {
  let best = 0;
  for (const id of cardTypeIds) {
    const d = byId.get(id)?.discount;
    if (d && d.carriers.includes(carrier) && d.flexes.includes(flexibility)) best = Math.max(best, d.rate);
  }
  return best;
}
