import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { SANDBOX_PAY_BASE, brandOf, cardExpired, tokenizeBodySchema, type CardToken } from '@contract/payment';
import type { Db } from '../db/client';
import { sandboxPayPayments, sandboxPayTokens } from '../db/schema';
import type { Clock } from '../platform/clock';
import { isoDate } from '../platform/clock';
import { PaymentError, type CardDetails, type PaymentService, type PspPayment } from './types';

/**
 * The sandbox payment service: the demo's bank, and the only place that is one. It knows Stripe-like
 * test cards by their number, keeps what each token does (never the number) and the payments it was
 * asked for in its own tables (sandbox_pay_*), and answers like a real service: authorization under
 * the merchant's key, 3-D Secure challenge on its own page (sandbox-routes.ts), capture, void, refunds.
 */

export type Behaviour = 'frictionless' | 'challenge' | 'decline';

/** The test cards (README "Card payment"): any other number, even a valid one, is refused, so that no real card is typed here. */
export const TEST_CARDS: Readonly<Record<string, Behaviour>> = {
  '4242424242424242': 'frictionless',
  '5555555555554444': 'frictionless',
  '4000002760003184': 'challenge',
  '4000000000000002': 'decline',
};

/** How many wrong codes the challenge page takes before it refuses the payment. */
export const CHALLENGE_ATTEMPTS = 3;

type PaymentRow = typeof sandboxPayPayments.$inferSelect;

const newId = (prefix: string, bytes: number) => `${prefix}_${randomBytes(bytes).toString('base64url')}`;

const present = (row: PaymentRow): PspPayment => ({
  id: row.id,
  status: row.status,
  amount: row.amount,
  capturedAmount: row.capturedAmount,
  refundedAmount: row.refunds.reduce((sum, r) => sum + r.amount, 0),
  authenticationUrl: row.status === 'requires_authentication' && row.challengeId ? `${SANDBOX_PAY_BASE}/challenge/${row.challengeId}` : null,
});

/** Why the service refuses a card at tokenization: the field, and a key the caller words (contract/payment.ts CARD_FORM_KEYS, or UNKNOWN_TEST_CARD). */
export type TokenizeRefusal = { field: 'number' | 'exp_month' | 'cvc' | 'holder' | null; key: string };

export type SandboxPayment = PaymentService & {
  /** The browser's card, checked, as a token (the number is read once here and kept nowhere). */
  tokenize(body: unknown): Promise<{ ok: true; card: CardToken } | { ok: false; refusal: TokenizeRefusal }>;
  /** The challenge of a payment waiting for its holder, for the bank's page. */
  challenge(challengeId: string): Promise<Challenge | null>;
  /** The holder's answer on the bank's page: approve with the code, or refuse. */
  answerChallenge(challengeId: string, answer: { approve: boolean; code: string }): Promise<ChallengeAnswer>;
};

export type Challenge = {
  description: string;
  amount: number;
  brand: string;
  last4: string;
  code: string;
  returnUrl: string;
  open: boolean;
  wrongCodes: number;
};
export type ChallengeAnswer = { outcome: 'approved' | 'refused' | 'wrong_code' | 'closed' | 'unknown'; returnUrl: string | null; challenge: Challenge | null };

export function createSandboxPayment(db: Db, clock: Clock): SandboxPayment {
  const byId = async (tx: Db, id: string, lock = false) => {
    const query = tx.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.id, id)).limit(1);
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw new PaymentError('not_found', `no payment ${id}`);
    return row;
  };
  const update = async (tx: Db, id: string, set: Partial<typeof sandboxPayPayments.$inferInsert>) =>
    (
      await tx
        .update(sandboxPayPayments)
        .set({ ...set, updatedAt: clock.now() })
        .where(eq(sandboxPayPayments.id, id))
        .returning()
    )[0]!;
  /** A state change of one payment under its row lock: two calls at once act one after the other. */
  const change = (id: string, next: (row: PaymentRow) => Partial<typeof sandboxPayPayments.$inferInsert> | null) =>
    db.transaction(async (tx) => {
      const row = await byId(tx, id, true);
      const set = next(row);
      return present(set ? await update(tx, id, set) : row);
    });

  const challengeOf = async (row: PaymentRow, tx: Db = db): Promise<Challenge> => {
    const [token] = await tx.select().from(sandboxPayTokens).where(eq(sandboxPayTokens.token, row.token)).limit(1);
    return {
      description: row.description,
      amount: row.amount,
      brand: token?.brand ?? '',
      last4: token?.last4 ?? '',
      code: row.challengeCode ?? '',
      returnUrl: row.returnUrl,
      open: row.status === 'requires_authentication' && row.authentication === 'pending',
      wrongCodes: row.challengeAttempts,
    };
  };

  return {
    async tokenize(body) {
      const parsed = tokenizeBodySchema(isoDate(clock.now())).safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = String(issue.path[0] ?? '');
        const known = (['number', 'exp_month', 'exp_year', 'cvc', 'holder'] as const).find((f) => f === field);
        return {
          ok: false,
          refusal: { field: known === 'exp_year' ? 'exp_month' : (known ?? null), key: /^[A-Z_]+$/.test(issue.message) ? issue.message : 'FORMAT_INVALID' },
        };
      }
      const card = parsed.data;
      const behaviour = TEST_CARDS[card.number];
      if (!behaviour) return { ok: false, refusal: { field: 'number', key: 'UNKNOWN_TEST_CARD' } };
      const row = {
        token: newId('tok', 18),
        brand: brandOf(card.number)!,
        last4: card.number.slice(-4),
        expMonth: card.exp_month,
        expYear: card.exp_year,
        holder: card.holder,
        behaviour,
      };
      await db.insert(sandboxPayTokens).values(row);
      return { ok: true, card: { token: row.token, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, holder: row.holder } };
    },

    async card(token, customer): Promise<CardDetails | null> {
      const [row] = await db
        .select()
        .from(sandboxPayTokens)
        .where(and(eq(sandboxPayTokens.token, token), or(isNull(sandboxPayTokens.customer), eq(sandboxPayTokens.customer, customer))))
        .limit(1);
      return row ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, holder: row.holder } : null;
    },

    async authorize({ key, token, customer, amount, description, returnUrl }) {
      return db.transaction(async (tx) => {
        const [existing] = await tx.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.idempotencyKey, key)).limit(1);
        if (existing) {
          if (existing.token !== token || existing.amount !== amount) throw new PaymentError('key_reused', `key ${key} was used for another payment`);
          return present(existing);
        }
        // The token serves the customer it was first used for, and nobody else.
        const [card] = await tx
          .update(sandboxPayTokens)
          .set({ customer })
          .where(and(eq(sandboxPayTokens.token, token), or(isNull(sandboxPayTokens.customer), eq(sandboxPayTokens.customer, customer))))
          .returning();
        if (!card) throw new PaymentError('invalid_token', 'unknown token');
        const expired = cardExpired(card.expMonth, card.expYear, isoDate(clock.now()));
        const challenge = card.behaviour === 'challenge' && !expired;
        const status = expired || card.behaviour === 'decline' ? 'declined' : challenge ? 'requires_authentication' : 'authorized';
        const [row] = await tx
          .insert(sandboxPayPayments)
          .values({
            id: newId('pay', 12),
            idempotencyKey: key,
            token,
            amount,
            description,
            status,
            authentication: challenge ? 'pending' : 'none',
            challengeId: challenge ? newId('ch', 24) : null,
            challengeCode: challenge ? String(randomInt(100_000, 1_000_000)) : null,
            returnUrl,
          })
          // A twin with the same key inserted first: its payment is the answer.
          .onConflictDoNothing({ target: sandboxPayPayments.idempotencyKey })
          .returning();
        if (row) return present(row);
        const [twin] = await tx.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.idempotencyKey, key)).limit(1);
        return present(twin!);
      });
    },

    confirm: (id) =>
      change(id, (row) => {
        if (row.status !== 'requires_authentication') return null;
        if (row.authentication === 'succeeded') return { status: 'authorized' };
        if (row.authentication === 'failed') return { status: 'authentication_failed' };
        return null;
      }),

    capture: (id) =>
      change(id, (row) => {
        if (row.status === 'captured') return null;
        if (row.status !== 'authorized') throw new PaymentError('invalid_state', `payment ${id} is ${row.status}: nothing to capture`);
        return { status: 'captured', capturedAmount: row.amount };
      }),

    cancel: (id) =>
      change(id, (row) => {
        if (row.status === 'captured') throw new PaymentError('invalid_state', `payment ${id} is captured: refund it instead`);
        return row.status === 'authorized' || row.status === 'requires_authentication'
          ? { status: 'voided', authentication: row.authentication === 'pending' ? 'failed' : row.authentication }
          : null;
      }),

    refund: (id, { key, amount }) =>
      change(id, (row) => {
        if (row.refunds.some((r) => r.key === key)) return null;
        const refunded = row.refunds.reduce((sum, r) => sum + r.amount, 0);
        if (row.status !== 'captured' || amount <= 0 || refunded + amount > row.capturedAmount)
          throw new PaymentError('invalid_state', `payment ${id} cannot refund ${amount} (captured ${row.capturedAmount}, refunded ${refunded})`);
        return { refunds: [...row.refunds, { key, id: newId('re', 12), amount, at: clock.now().toISOString() }] };
      }),

    async status(ref) {
      const where = 'id' in ref ? eq(sandboxPayPayments.id, ref.id) : eq(sandboxPayPayments.idempotencyKey, ref.key);
      const [row] = await db.select().from(sandboxPayPayments).where(where).limit(1);
      return row ? present(row) : null;
    },

    async challenge(challengeId) {
      const [row] = await db.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.challengeId, challengeId)).limit(1);
      return row ? challengeOf(row) : null;
    },

    async answerChallenge(challengeId, { approve, code }) {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(sandboxPayPayments).where(eq(sandboxPayPayments.challengeId, challengeId)).limit(1).for('update');
        if (!row) return { outcome: 'unknown' as const, returnUrl: null, challenge: null };
        if (row.status !== 'requires_authentication' || row.authentication !== 'pending')
          return { outcome: 'closed' as const, returnUrl: row.returnUrl, challenge: await challengeOf(row, tx) };
        if (!approve) {
          await update(tx, row.id, { authentication: 'failed' });
          return { outcome: 'refused' as const, returnUrl: row.returnUrl, challenge: null };
        }
        if (code.trim() === row.challengeCode) {
          await update(tx, row.id, { authentication: 'succeeded' });
          return { outcome: 'approved' as const, returnUrl: row.returnUrl, challenge: null };
        }
        const attempts = row.challengeAttempts + 1;
        const updated = await update(tx, row.id, {
          challengeAttempts: attempts,
          ...(attempts >= CHALLENGE_ATTEMPTS ? { authentication: 'failed' as const } : {}),
        });
        return attempts >= CHALLENGE_ATTEMPTS
          ? { outcome: 'refused' as const, returnUrl: row.returnUrl, challenge: null }
          : { outcome: 'wrong_code' as const, returnUrl: row.returnUrl, challenge: await challengeOf(updated, tx) };
      });
    },
  };
}
