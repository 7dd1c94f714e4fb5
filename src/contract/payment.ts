import { z } from 'zod';
import { luhnValid } from './loyalty-cards';
import { linksOf } from './link';
import { CARD_BRANDS, travelSchema, type CardBrand } from './travel';

/**
 * Card payment (spec 2 §1): the card form and the sandbox payment service's tokenization
 * (the browser's side of it: the card goes to the payment service, never to the API), the API's
 * pay-by-card bodies and answers, and the user's saved payment cards.
 */

export { CARD_BRANDS, type CardBrand };

/** The brand a card number's first digits name (Visa 4, Mastercard 51–55 and 2221–2720); null for any other. */
export function brandOf(number: string): CardBrand | null {
  if (/^4/.test(number)) return 'visa';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}

/** Messages of the card form, beyond validation.ts's: the form translates them, the payment service answers them in `field`. */
export const CARD_FORM_KEYS = ['PAYMENT_CARD_NUMBER_INVALID', 'PAYMENT_CARD_EXPIRED', 'PAYMENT_EXPIRY_INVALID', 'PAYMENT_CVC_INVALID'] as const;
export type CardFormKey = (typeof CARD_FORM_KEYS)[number];

/** A card's expiry month as `YYYY-MM`, and whether it is over on `today` (`YYYY-MM-DD`): a card is valid to the end of its month. */
export const expiryMonth = (month: number, year: number) => `${year}-${String(month).padStart(2, '0')}`;
export const cardExpired = (month: number, year: number, today: string) => expiryMonth(month, year) < today.slice(0, 7);

/**
 * What the browser posts to the payment service's tokenization endpoint (never to the API): the
 * number (digits only), its expiry, its security code and its holder. Checked against `today`.
 */
export const tokenizeBodySchema = (today: string) =>
  z
    .object({
      number: z
        .string({ error: 'PLEASE_FILL' })
        .refine((n) => /^\d{12,19}$/.test(n) && luhnValid(n) && brandOf(n) !== null, { error: 'PAYMENT_CARD_NUMBER_INVALID' }),
      exp_month: z.number({ error: 'PAYMENT_EXPIRY_INVALID' }).int().min(1, { error: 'PAYMENT_EXPIRY_INVALID' }).max(12, { error: 'PAYMENT_EXPIRY_INVALID' }),
      exp_year: z
        .number({ error: 'PAYMENT_EXPIRY_INVALID' })
        .int()
        .min(2000, { error: 'PAYMENT_EXPIRY_INVALID' })
        .max(2099, { error: 'PAYMENT_EXPIRY_INVALID' }),
      cvc: z.string({ error: 'PLEASE_FILL' }).regex(/^\d{3}$/, { error: 'PAYMENT_CVC_INVALID' }),
      holder: z
        .string({ error: 'PLEASE_FILL' })
        .max(100, { error: 'TOO_LONG' })
        .transform((s) => s.trim())
        .refine((s) => s.length > 0, { error: 'PLEASE_FILL' }),
    })
    .strict()
    .superRefine((card, ctx) => {
      if (cardExpired(card.exp_month, card.exp_year, today)) ctx.addIssue({ code: 'custom', path: ['exp_month'], message: 'PAYMENT_CARD_EXPIRED' });
    });
export type TokenizeBody = z.input<ReturnType<typeof tokenizeBodySchema>>;

const EXPIRY_RE = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;

/** A card number as typed (spaces and dashes allowed) as digits. */
export const cardDigits = (typed: string) => typed.replace(/[\s-]/g, '');

/**
 * The checkout's new-card form as the user types it: the number with spaces, the expiry as MM/AA, the
 * security code, the holder, and whether to save the card. The same rules as the payment service's
 * (tokenizeBodySchema), so a card the form accepts is one the service takes.
 */
export const cardFormSchema = (today: string) =>
  z.object({
    number: z
      .string()
      .transform(cardDigits)
      .refine((n) => /^\d{12,19}$/.test(n) && luhnValid(n) && brandOf(n) !== null, { error: 'PAYMENT_CARD_NUMBER_INVALID' }),
    expiry: z
      .string()
      .transform((s) => s.trim())
      .refine((s) => EXPIRY_RE.test(s), { error: 'PAYMENT_EXPIRY_INVALID' })
      .refine(
        (s) => {
          const [, month, year] = EXPIRY_RE.exec(s) ?? [];
          return !month || !cardExpired(Number(month), 2000 + Number(year), today);
        },
        { error: 'PAYMENT_CARD_EXPIRED' },
      ),
    cvc: z
      .string()
      .transform((s) => s.trim())
      .refine((s) => /^\d{3}$/.test(s), { error: 'PAYMENT_CVC_INVALID' }),
    holder: z
      .string()
      .max(100, { error: 'TOO_LONG' })
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { error: 'PLEASE_FILL' }),
    save: z.boolean(),
  });
export type CardForm = z.output<ReturnType<typeof cardFormSchema>>;

/** What the form posts to the payment service. */
export function tokenizeBodyOf(form: CardForm): TokenizeBody {
  const [, month, year] = EXPIRY_RE.exec(form.expiry)!;
  return { number: form.number, exp_month: Number(month), exp_year: 2000 + Number(year), cvc: form.cvc, holder: form.holder };
}

/** What a card is, shown without its number: brand, last 4 digits, expiry, holder. */
export const cardSummarySchema = z
  .object({
    brand: z.enum(CARD_BRANDS),
    last4: z.string().regex(/^\d{4}$/),
    expMonth: z.number().int().min(1).max(12),
    expYear: z.number().int(),
    holder: z.string(),
  })
  .meta({ id: 'CardSummary' });
export type CardSummary = z.infer<typeof cardSummarySchema>;

/** The payment service's answer to a tokenization: an opaque token standing for the card, and what may be shown of it. */
export const cardTokenSchema = cardSummarySchema.extend({ token: z.string() });
export type CardToken = z.infer<typeof cardTokenSchema>;

/** The payment service's refusal of a card: which field, and why, in the language asked (Accept-Language). */
export const tokenizeErrorSchema = z.object({
  error: z.object({ code: z.string(), field: z.enum(['number', 'exp_month', 'cvc', 'holder']).nullable(), message: z.string() }),
});

/** A card token as the payment service writes it. */
export const CARD_TOKEN_RE = /^tok_[A-Za-z0-9_-]{16,64}$/;

/**
 * POST payByCard: a new card (its token from the payment service; `saveCard` keeps it for next time)
 * or one of the user's saved cards. Nothing else: a card number sent here is refused.
 */
export const payByCardBodySchema = z
  .union([
    z.object({ cardToken: z.string().max(80).regex(CARD_TOKEN_RE), saveCard: z.boolean().optional() }).strict(),
    z.object({ paymentCardID: z.string().max(64) }).strict(),
  ])
  .meta({ id: 'PayByCardBody' });
export type PayByCardBody = z.input<typeof payByCardBodySchema>;

/**
 * The answer of payByCard and confirmCardPayment: the travel booked (paid), or waiting for the card
 * holder to authenticate at their bank (3-D Secure): the browser goes to `authenticationUrl`, which
 * brings it back to the checkout, where the travel's `confirmCardPayment` link finishes the payment.
 */
export const cardPaymentResultSchema = z
  .object({
    status: z.enum(['booked', 'requires_authentication']),
    /** The bank's authentication page (the payment service's), when `requires_authentication`. */
    authenticationUrl: z.string().nullable(),
    travel: travelSchema,
  })
  .meta({ id: 'CardPaymentResult' });
export type CardPaymentResult = z.infer<typeof cardPaymentResultSchema>;

/** One of the user's saved payment cards: never its number nor its token. `expired` on the server's today (not offered at checkout). */
export const paymentCardSchema = cardSummarySchema
  .extend({ id: z.string(), expired: z.boolean(), links: linksOf('deletePaymentCard') })
  .meta({ id: 'PaymentCard' });
export type PaymentCard = z.infer<typeof paymentCardSchema>;

export const paymentCardsSchema = z.object({ cards: z.array(paymentCardSchema) }).meta({ id: 'PaymentCards' });
export type PaymentCards = z.infer<typeof paymentCardsSchema>;

/** Where the sandbox payment service answers (served by this server in demo mode, outside the API). */
export const SANDBOX_PAY_BASE = '/sandbox-pay/v1';
