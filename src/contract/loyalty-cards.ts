import { z } from 'zod';
import { linksOf } from './link';

/**
 * Loyalty and discount cards (spec 3 "Loyalty/discount card (user card)", "Documents and cards",
 * "Loyalty/discount card form"). Card types are reference data, one list per transport type;
 * a user's cards live under GET /user/cards, reached from the user's `userCards` link. Dates are ISO
 * days (YYYY-MM-DD). Field problems carry message KEYS: the shared ones of validation.ts (PLEASE_FILL,
 * VALID_DATE) and the card form's own (CARD_MESSAGE_KEYS).
 */

export const TRANSPORT_TYPES = ['airline', 'rail', 'hotel', 'car_rental'] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

export const cardTypeSchema = z
  .object({
    uid: z.string(),
    name: z.string(),
    type: z.enum(TRANSPORT_TYPES),
    card_type: z.enum(['discount', 'loyalty_card']),
    requiredNumber: z.boolean(),
    validationRegex: z.string().nullable(),
    validationLength: z.number().int().nullable(),
    validationAlgorithm: z.enum(['luhn']).nullable(),
    validationPrefix: z.string().nullable(),
  })
  .meta({ id: 'CardType' });
export type CardType = z.infer<typeof cardTypeSchema>;

export const cardTypesSchema = z.object({ types: z.array(cardTypeSchema) }).meta({ id: 'CardTypes' });
export type CardTypes = z.infer<typeof cardTypesSchema>;

export const userCardSchema = z
  .object({
    uid: z.string(),
    cardtype_id: z.string(),
    cardtype: cardTypeSchema,
    cardnumber: z.string().nullable(),
    effective_date: z.string().nullable(),
    expiration_date: z.string().nullable(),
    user_id: z.string(),
    links: linksOf('updateUserCard', 'deleteUserCard'),
  })
  .meta({ id: 'UserCard' });
export type UserCard = z.infer<typeof userCardSchema>;

/** The user's cards, oldest first, and what they may do with them. */
export const userCardsSchema = z
  .object({
    cards: z.array(userCardSchema),
    links: linksOf('addUserCard', 'putUserCards', 'userCardTypes'),
  })
  .meta({ id: 'UserCards' });
export type UserCards = z.infer<typeof userCardsSchema>;

/** A user has this many cards at most (the form's card select shows at most 30 options too). */
export const MAX_CARDS = 30;
/** Spec 3 §5: "Rail card number is required from 12 October 2020." */
export const RAIL_NUMBER_REQUIRED_FROM = '2020-10-12';

export const CARD_MESSAGE_KEYS = ['CARD_NUMBER_REQUIRED', 'LETTERS_OR_DIGITS', 'CARD_NUMBER_INVALID', 'EXPIRATION_REQUIRED'] as const;
export type CardMessageKey = (typeof CARD_MESSAGE_KEYS)[number];
export const isCardMessageKey = (value: unknown): value is CardMessageKey => (CARD_MESSAGE_KEYS as readonly unknown[]).includes(value);
type CardProblem = CardMessageKey | 'PLEASE_FILL' | 'VALID_DATE';

/** Empty strings are no value (spec 3 §5: "Empty strings become null"). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: 'TOO_LONG' })
    .nullish()
    .transform((s) => (s == null || s.trim() === '' ? null : s.trim()));

/** A card as the form sends it: the number trimmed, empty dates null. */
export const cardBodySchema = z
  .object({
    cardtype_id: z
      .string({ error: 'PLEASE_FILL' })
      .max(64, { error: 'PLEASE_FILL' })
      .refine((s) => s.trim().length > 0, { error: 'PLEASE_FILL' }),
    cardnumber: optionalText(40),
    effective_date: optionalText(10),
    expiration_date: optionalText(10),
  })
  .strict()
  .meta({ id: 'CardBody' });
export type CardBody = z.input<typeof cardBodySchema>;
export type CardValues = z.output<typeof cardBodySchema>;

/** PUT /user/cards (spec 3 §7 "user_cards"): the whole list; a card with its `uid` is kept and changed, one without is new, one left out is deleted. */
export const putCardsBodySchema = z
  .object({ user_cards: z.array(cardBodySchema.extend({ uid: z.string().max(64).nullish() })).max(MAX_CARDS, { error: 'TOO_LONG' }) })
  .strict()
  .meta({ id: 'PutCardsBody' });
export type PutCardsBody = z.input<typeof putCardsBodySchema>;

/** The Luhn check (ISO/IEC 7812): digits only, the doubled every second digit from the right. */
export function luhnValid(number: string): boolean {
  if (!/^\d+$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const isIsoDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** Whether a card of this type needs a number on `today` (rail cards do from 12 October 2020). */
export const numberRequired = (type: CardType, today: string) => type.requiredNumber || (type.type === 'rail' && today >= RAIL_NUMBER_REQUIRED_FROM);

/** The number's problem against its type: the type's regex (else capitals and digits), then its exact length, Luhn check and prefix. */
export function cardNumberProblem(type: CardType, number: string): CardMessageKey | null {
  const pattern = type.validationRegex ? new RegExp(type.validationRegex) : /^[A-Z0-9]+$/;
  if (!pattern.test(number)) return 'LETTERS_OR_DIGITS';
  if (type.validationLength !== null && number.length !== type.validationLength) return 'CARD_NUMBER_INVALID';
  if (type.validationAlgorithm === 'luhn' && !luhnValid(number)) return 'CARD_NUMBER_INVALID';
  if (type.validationPrefix && !number.startsWith(type.validationPrefix)) return 'CARD_NUMBER_INVALID';
  return null;
}

/**
 * Spec 3 §5 "Loyalty/discount card form": each field's problem for a card (already trimmed, empty
 * values null) of the given type (undefined: an unknown type, 'please fill'), judged on `today`.
 */
export function cardProblems(card: CardValues, type: CardType | undefined, today: string): Partial<Record<keyof CardValues, CardProblem>> {
  const problems: Partial<Record<keyof CardValues, CardProblem>> = {};
  if (!type) return { cardtype_id: 'PLEASE_FILL' };
  if (card.cardnumber === null) {
    if (numberRequired(type, today)) problems.cardnumber = 'CARD_NUMBER_REQUIRED';
  } else {
    const problem = cardNumberProblem(type, card.cardnumber);
    if (problem) problems.cardnumber = problem;
  }
  if (card.expiration_date === null) {
    if (type.card_type === 'discount') problems.expiration_date = 'EXPIRATION_REQUIRED';
  } else if (!isIsoDay(card.expiration_date) || (type.card_type === 'discount' && card.expiration_date < today)) {
    problems.expiration_date = 'VALID_DATE';
  }
  if (card.effective_date !== null && !isIsoDay(card.effective_date)) problems.effective_date = 'VALID_DATE';
  return problems;
}

/** The card body schema with its type's rules, as the form and the server check it. */
export const checkedCardSchema = (types: readonly CardType[], today: string) =>
  cardBodySchema.superRefine((card, ctx) => {
    const problems = cardProblems(
      card,
      types.find((t) => t.uid === card.cardtype_id),
      today,
    );
    for (const [path, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [path], message });
  });

/**
 * Spec 3 "Documents and cards", onboarding: cards with no type are dropped, and a card whose type is
 * not a loyalty card, or is a rail card, loses its number. For the onboarding step's cards.
 */
export function onboardingCards<C extends { cardtype_id?: string | null; cardnumber?: string | null }>(cards: C[], types: readonly CardType[]): C[] {
  return cards
    .filter((c) => c.cardtype_id)
    .map((c) => {
      const type = types.find((t) => t.uid === c.cardtype_id);
      return type && (type.card_type !== 'loyalty_card' || type.type === 'rail') ? { ...c, cardnumber: null } : c;
    });
}
