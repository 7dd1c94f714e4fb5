// Over 500 lines on purpose: one payment's states (authorize, authenticate, book, capture) and each failure or
// crash between them, against one bank sandbox and its fixtures.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api } from '@test/support/api';
import { JOB_HANDLERS } from '@server/app';
import { paymentCards, payments, sandboxPayPayments, sandboxPayTokens, travels } from '@server/db/schema';
import { runDueJobs } from '@server/platform/jobs';
import { createSandboxPayment } from '@server/payment/sandbox';
import { PaymentError, type PaymentService } from '@server/payment/types';
import { createSandboxSupplier } from '@server/supplier';
import { SupplierError } from '@server/supplier/types';
import { STALE_MS } from './card-payment';
import { CARDS, answerChallenge, confirmAfterBank, gusTravel, openChallenge, payByCard, postCard, tokenize, type TravelJson } from '@test/support/card-payment';

/**
 * Checkout by card payment, against the sandbox payment service: the card never reaches
 * the API (the browser tokenizes it at the payment service), authorize → book → capture, the bank's
 * 3-D Secure page, refusals that charge nothing, and what a crash or a retry cannot make happen twice.
 * The payment service and the supplier are the sandbox ones, watched (every call logged in order) and,
 * where a test says so, broken on purpose.
 */

const log: string[] = [];
const breaks = { booking: false, captureAnswerLost: false, authorizeAnswerLost: false };

/** The sandbox payment service, each call logged; `breaks` loses an answer after the service acted, as a crash would. */
function watchedPayment(db: Parameters<typeof createSandboxPayment>[0], clock: Parameters<typeof createSandboxPayment>[1]): PaymentService {
  const psp = createSandboxPayment(db, clock);
  return {
    card: (token, customer) => psp.card(token, customer),
    authorize: async (request) => {
      log.push('authorize');
      const answer = await psp.authorize(request);
      if (breaks.authorizeAnswerLost) {
        breaks.authorizeAnswerLost = false;
        throw new PaymentError('unavailable', 'the answer was lost');
      }
      return answer;
    },
    confirm: (id) => psp.confirm(id),
    capture: async (id) => {
      log.push('capture');
      const answer = await psp.capture(id);
      if (breaks.captureAnswerLost) {
        breaks.captureAnswerLost = false;
        throw new PaymentError('unavailable', 'the answer was lost');
      }
      return answer;
    },
    cancel: (id) => {
      log.push('void');
      return psp.cancel(id);
    },
    refund: (id, refund) => {
      log.push('refund');
      return psp.refund(id, refund);
    },
    status: (ref) => psp.status(ref),
  };
}

const supplier = createSandboxSupplier();
const book = supplier.booking.book.bind(supplier.booking);
supplier.booking.book = async (...args) => {
  log.push('book');
  if (breaks.booking) throw new SupplierError('unavailable', 'the carrier’s system is down');
  return book(...args);
};

let api: Api;
let gus: string;
beforeAll(async () => {
  api = await startApi({}, { supplier, payment: watchedPayment });
  gus = await api.login('gus');
});
afterAll(() => api.close());
beforeEach(() => {
  log.length = 0;
  Object.assign(breaks, { booking: false, captureAnswerLost: false, authorizeAnswerLost: false });
});

const read = async (id: string, token = gus) =>
  (await api.call('GET', `/api/v1/v2/travels/${id}`, { token })).body.result as TravelJson & { payment: { status: string; refunds: unknown[] } | null };
const pspPayments = () => api.db.select().from(sandboxPayPayments);
const ourPayment = async (travelId: string) =>
  (await api.db.select().from(payments).where(eq(payments.travelId, travelId))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
const mailsTo = async (to: string) =>
  (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`, { apiKey: null })).body.result as { subject: string; text: string }[];

describe('the sandbox payment service’s card tokenization (outside the API, demo mode and tests only)', () => {
  it('answers a token, the brand, the last 4 digits and the expiry of a test card — never its number', async () => {
    const res = await postCard(api, { number: CARDS.visa, exp_month: 4, exp_year: 2031, cvc: '123', holder: ' Gus Moreau ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^tok_[A-Za-z0-9_-]{16,64}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 4,
      expYear: 2031,
      holder: 'Gus Moreau',
    });
    expect(JSON.stringify(res.body)).not.toContain(CARDS.visa);
    expect((await postCard(api, { number: CARDS.mastercard, exp_month: 4, exp_year: 2031, cvc: '123', holder: 'Gus' })).body.brand).toBe('mastercard');
  });

  it('refuses a wrong number, an expired card, a bad security code or an unknown card with a clear message in the browser’s language', async () => {
    const card = { number: CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '123', holder: 'Gus Moreau' };
    const refusal = async (body: Record<string, unknown>, lang = 'fr') => {
      const res = await postCard(api, body, lang);
      expect(res.status).toBe(400);
      return res.body.error as { code: string; field: string | null; message: string };
    };
    expect(await refusal({ ...card, number: '4242424242424241' })).toEqual({
      code: 'PAYMENT_CARD_NUMBER_INVALID',
      field: 'number',
      message: 'Numéro de carte invalide.',
    });
    // The test clock says November 2026: October 2026 is over, November is not.
    expect(await refusal({ ...card, exp_month: 10, exp_year: 2026 })).toEqual({
      code: 'PAYMENT_CARD_EXPIRED',
      field: 'exp_month',
      message: 'Cette carte est expirée.',
    });
    expect((await postCard(api, { ...card, exp_month: 11, exp_year: 2026 })).status).toBe(200);
    expect(await refusal({ ...card, cvc: '12' })).toMatchObject({ code: 'PAYMENT_CVC_INVALID', field: 'cvc' });
    expect(await refusal({ ...card, exp_month: 13 })).toMatchObject({ code: 'PAYMENT_EXPIRY_INVALID', field: 'exp_month' });
    expect(await refusal({ ...card, holder: '  ' })).toMatchObject({ code: 'PLEASE_FILL', field: 'holder' });
    // A valid Visa number that is no test card: the sandbox takes no real card.
    expect(await refusal({ ...card, number: '4000000000000069' }, 'en')).toEqual({
      code: 'UNKNOWN_TEST_CARD',
      field: 'number',
      message: 'Card unknown to the sandbox: use a test card, for example 4242 4242 4242 4242.',
    });
    expect(await refusal({ ...card, number: '4242424242424241' }, 'en')).toMatchObject({ message: 'Invalid card number.' });
    const garbage = await api.app.inject({
      method: 'POST',
      url: '/sandbox-pay/v1/tokens',
      headers: { 'content-type': 'application/json' },
      payload: '{"number":',
    });
    expect(garbage.statusCode).toBe(400);
  });

  it('does not exist in production mode, nor does the bank’s page', async () => {
    const production = await startApi({ production: true });
    try {
      const res = await postCard(production, { number: CARDS.visa, exp_month: 12, exp_year: 2030, cvc: '123', holder: 'Gus' });
      expect(res.status).toBe(404);
      expect((await answerChallenge(production, '/sandbox-pay/v1/challenge/ch_aaaaaaaaaaaaaaaaaaaaaaaa', { approve: true, code: '123456' })).status).toBe(404);
      // A GET there is the web app's (its own not-found screen), never the bank's page.
      expect(String((await production.call('GET', '/sandbox-pay/v1/challenge/ch_aaaaaaaaaaaaaaaaaaaaaaaa', { apiKey: null })).body)).not.toContain(
        'Banque Sandbox',
      );
    } finally {
      await production.close();
    }
  });
});

describe('payByCard', () => {
  it('is offered beside confirm where the company allows it (Globex), never for a travel that goes to approval (Acme)', async () => {
    const travel = await gusTravel(api, gus);
    expect(travel.links.confirm).toBeDefined();
    expect(travel.links.payByCard).toEqual({ href: `/api/v1/v2/travels/${travel.id}/card-payment`, method: 'POST' });
    expect(travel.payment).toBeNull();

    const alice = await api.login('alice');
    const search = await api.call('POST', '/api/v1/treep/search?version=v2', {
      token: alice,
      body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1 },
    });
    const offer = (search.body.result.proposals as { offers: { id: string; roundTrip: boolean }[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
    const me = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result;
    const fields = {
      gender: 'MS',
      firstname: 'Alice',
      lastname: 'Martin',
      birthdate: '1988-04-02',
      contact_email: 'alice@acme.example',
      contact_phone: '0601020304',
    };
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      token: alice,
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }], entity_id: me.entities[0].uid },
    });
    expect(added.body.result.travel.links.payByCard).toBeUndefined();
    // Even at its last step: approval.
    const acmeTravel = added.body.result.travel.id as string;
    await api.db
      .update(travels)
      .set({
        analytics: { fields: { cost_center: 'R&D' }, travelers: { 1: { employee_number: '004217' } }, exemption: 'x' },
        approvers: { approverId: me.uid, emergencyApproverId: null, message: null },
      })
      .where(eq(travels.id, acmeTravel));
    const last = await read(acmeTravel, alice);
    expect(last.links.requestApproval).toBeDefined();
    expect(last.links.payByCard).toBeUndefined();
    const refused = await api.call('POST', `/api/v1/v2/travels/${acmeTravel}/card-payment`, {
      token: alice,
      body: { cardToken: await tokenize(api, CARDS.visa, 'Alice Martin') },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.api_code).toBe(69);
  });

  it('pays a new card without authentication: authorized, then booked, then captured; the card saved; the payment on the travel and in the e-mail', async () => {
    const travel = await gusTravel(api, gus);
    const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa), saveCard: true }, `pay-${travel.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { status, authenticationUrl, travel: booked } = res.body.result;
    expect({ status, authenticationUrl }).toEqual({ status: 'booked', authenticationUrl: null });
    expect(booked).toMatchObject({ status: 'booked', version: travel.version + 1, products: [{ status: 'booked', pnr: expect.any(String) }] });
    expect(booked.payment).toEqual({
      method: 'card',
      card: { brand: 'visa', last4: '4242' },
      amount: { amount: travel.products[0]!.price.amount, currency: 'EUR' },
      status: 'captured',
      refunded: null,
      refunds: [],
    });
    expect(booked.links.payByCard).toBeUndefined();
    // Authorized before the booking, captured after it.
    expect(log).toEqual(['authorize', 'book', 'capture']);
    const [ours] = await ourPayment(travel.id);
    const psp = (await pspPayments()).find((p) => p.id === ours!.pspId)!;
    expect({ status: psp.status, captured: psp.capturedAmount, amount: psp.amount }).toEqual({
      status: 'captured',
      captured: ours!.amount,
      amount: ours!.amount,
    });
    expect(ours!.amount).toBe(Math.round(Number(travel.products[0]!.price.amount) * 100));

    const saved = (await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards;
    expect(saved).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holder: 'Gus Moreau', expired: false })]);
    expect(JSON.stringify(saved)).not.toContain('tok_');

    const mail = (await mailsTo('gus@globex.example')).find((m) => m.subject.includes('réservation confirmée') && m.text.includes(travel.id))!;
    expect(mail.text).toMatch(/Payé par carte Visa •••• 4242 : \d+,\d{2}\s€ débités\./);
  });

  it('pays with a saved card; another user’s card or an expired one is refused and charges nothing', async () => {
    const cards = (await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards as { id: string }[];
    const travel = await gusTravel(api, gus, '2026-11-24T07:00');
    const paid = await payByCard(api, gus, travel, { paymentCardID: cards[0]!.id });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.result.travel.payment).toMatchObject({ method: 'card', card: { brand: 'visa', last4: '4242' }, status: 'captured' });

    const other = await gusTravel(api, gus, '2026-11-25T07:00');
    const unknown = await payByCard(api, gus, other, { paymentCardID: '6f1b7f6e-1111-4111-8111-111111111111' });
    expect({ status: unknown.status, code: unknown.body.api_code }).toEqual({ status: 404, code: 200 });
    // Another user's saved card is unknown to gus (features/payment-cards tests the lists): the same 404.
    const hers = await api.db
      .insert(paymentCards)
      .values({
        userId: (await api.call('GET', '/api/v1/user/', { token: await api.login('alice') })).body.result.uid,
        token: await tokenize(api, CARDS.visa, 'Alice'),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        holder: 'Alice',
      })
      .returning();
    const theirs = await payByCard(api, gus, other, { paymentCardID: hers[0]!.id });
    expect({ status: theirs.status, code: theirs.body.api_code }).toEqual({ status: 404, code: 200 });
    await api.db.update(paymentCards).set({ expYear: 2025 }).where(eq(paymentCards.id, cards[0]!.id));
    const expired = await payByCard(api, gus, other, { paymentCardID: cards[0]!.id });
    expect({ status: expired.status, code: expired.body.api_code }).toEqual({ status: 400, code: 201 });
    expect((await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards[0].expired).toBe(true);
    expect((await read(other.id)).status).toBe('cart');
    await api.db.update(paymentCards).set({ expYear: 2030 }).where(eq(paymentCards.id, cards[0]!.id));
  });

  it('refuses a declined card (402, 203): nothing charged, the travel still in the cart and payable', async () => {
    const travel = await gusTravel(api, gus);
    const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.declined), saveCard: true });
    expect({ status: res.status, code: res.body.api_code }).toEqual({ status: 402, code: 203 });
    expect(res.body.errorMessage).toBe(
      'Votre banque a refusé le paiement : rien n’a été débité, votre voyage reste dans votre panier. Essayez une autre carte.',
    );
    const after = await read(travel.id);
    expect({ status: after.status, version: after.version, payment: after.payment }).toEqual({ status: 'cart', version: travel.version, payment: null });
    expect(after.links.payByCard).toBeDefined();
    expect(log).toEqual(['authorize']);
    expect((await ourPayment(travel.id)).map((p) => [p.status, p.failure])).toEqual([['failed', 'declined']]);
    // A declined card is not saved.
    expect((await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards.map((c: { last4: string }) => c.last4)).not.toContain(
      '0002',
    );
  });

  it('releases the hold when the supplier cannot book: the travel stays in the cart, nothing is captured', async () => {
    const travel = await gusTravel(api, gus);
    breaks.booking = true;
    const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa) });
    expect({ status: res.status, code: res.body.api_code }).toEqual({ status: 503, code: 111 });
    expect(log).toEqual(['authorize', 'book', 'void']);
    const [ours] = await ourPayment(travel.id);
    expect([ours!.status, ours!.failure]).toEqual(['voided', 'booking_failed']);
    const psp = (await pspPayments()).find((p) => p.id === ours!.pspId)!;
    expect({ status: psp.status, captured: psp.capturedAmount }).toEqual({ status: 'voided', captured: 0 });
    expect(await read(travel.id)).toMatchObject({ status: 'cart', version: travel.version, payment: null, products: [{ status: 'cart', pnr: null }] });

    // The supplier back, the same card pays.
    breaks.booking = false;
    const again = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa) });
    expect(again.body.result.status).toBe('booked');
  });

  it('checks the travel’s version (If-Match): a stale one changes nothing (105)', async () => {
    const travel = await gusTravel(api, gus);
    const res = await payByCard(api, gus, { ...travel, version: travel.version - 1 }, { cardToken: await tokenize(api, CARDS.visa) });
    expect({ status: res.status, code: res.body.api_code }).toEqual({ status: 409, code: 105 });
    expect(log).toEqual([]);
    expect(await ourPayment(travel.id)).toEqual([]);
  });

  it('refuses a token the payment service does not know, or that is another customer’s, and never takes a card number', async () => {
    const travel = await gusTravel(api, gus);
    const unknown = await payByCard(api, gus, travel, { cardToken: 'tok_AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect({ status: unknown.status, code: unknown.body.api_code }).toEqual({ status: 400, code: 202 });
    // A token the payment service already used for another customer (tina) serves her alone.
    const tina = (await api.call('GET', '/api/v1/user/', { token: await api.login('tina') })).body.result.uid as string;
    const hers = await tokenize(api, CARDS.visa, 'Tina');
    await api.db.update(sandboxPayTokens).set({ customer: tina }).where(eq(sandboxPayTokens.token, hers));
    const theirs = await payByCard(api, gus, travel, { cardToken: hers });
    expect({ status: theirs.status, code: theirs.body.api_code }).toEqual({ status: 400, code: 202 });
    const number = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa), number: CARDS.visa, cvc: '123' });
    expect({ status: number.status, code: number.body.api_code }).toEqual({ status: 400, code: 17 });
    expect(log).toEqual([]);
  });
});

describe('3-D Secure', () => {
  it('sends the holder to the bank’s page, then books and captures once back and authenticated', async () => {
    const travel = await gusTravel(api, gus);
    const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.threeDS), saveCard: true }, `pay-3ds-${travel.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { status, authenticationUrl, travel: waiting } = res.body.result;
    expect(status).toBe('requires_authentication');
    expect(authenticationUrl).toMatch(/^\/sandbox-pay\/v1\/challenge\/ch_[A-Za-z0-9_-]+$/);
    // Nothing booked nor charged yet; the travel offers to finish the payment.
    expect(waiting).toMatchObject({ status: 'cart', version: travel.version, payment: null });
    const [ours] = await ourPayment(travel.id);
    expect(waiting.links.confirmCardPayment).toEqual({ href: `/api/v1/v2/travels/${travel.id}/card-payment/${ours!.id}/confirm`, method: 'POST' });
    expect(log).toEqual(['authorize']);

    const page = await openChallenge(api, authenticationUrl);
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.html).toContain('Visa •••• 3184');
    expect(page.html).toContain('Code reçu par SMS');
    expect(page.code).toMatch(/^\d{6}$/);
    const wrong = await answerChallenge(api, authenticationUrl, { approve: true, code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('Code incorrect. Il vous reste 2 essais.');
    const approved = await answerChallenge(api, authenticationUrl, { approve: true, code: page.code });
    expect(approved).toMatchObject({ status: 303, location: `/cart/checkout?travel=${travel.id}&bank=1` });
    // The browser saying so changes nothing: the travel waits for the API to ask the payment service.
    expect((await read(travel.id)).status).toBe('cart');

    const done = await confirmAfterBank(api, gus, travel.id, `confirm-3ds-${travel.id}`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.result).toMatchObject({
      status: 'booked',
      authenticationUrl: null,
      travel: { status: 'booked', payment: { method: 'card', card: { brand: 'visa', last4: '3184' }, status: 'captured' } },
    });
    expect(done.body.result.travel.links.confirmCardPayment).toBeUndefined();
    expect(log).toEqual(['authorize', 'book', 'capture']);
    expect((await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards.map((c: { last4: string }) => c.last4)).toContain('3184');
    // The bank's page has nothing left to ask.
    expect((await openChallenge(api, authenticationUrl)).status).toBe(409);
  });

  it('charges nothing when the holder refuses at the bank (402, 204); the travel stays in the cart, payable again', async () => {
    const travel = await gusTravel(api, gus);
    const url = (await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.threeDS) })).body.result.authenticationUrl as string;
    expect((await answerChallenge(api, url, { approve: false })).status).toBe(303);
    const res = await confirmAfterBank(api, gus, travel.id);
    expect({ status: res.status, code: res.body.api_code }).toEqual({ status: 402, code: 204 });
    const after = await read(travel.id);
    expect({ status: after.status, payment: after.payment, confirm: after.links.confirmCardPayment, pay: !!after.links.payByCard }).toEqual({
      status: 'cart',
      payment: null,
      confirm: undefined,
      pay: true,
    });
    const [ours] = await ourPayment(travel.id);
    expect((await pspPayments()).find((p) => p.id === ours!.pspId)).toMatchObject({ status: 'authentication_failed', capturedAmount: 0 });
    expect(log).toEqual(['authorize']);
  });

  it('ends an authentication left unanswered (409, 205): the hold released, nothing charged', async () => {
    const travel = await gusTravel(api, gus);
    await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.threeDS) });
    const res = await confirmAfterBank(api, gus, travel.id);
    expect({ status: res.status, code: res.body.api_code }).toEqual({ status: 409, code: 205 });
    const [ours] = await ourPayment(travel.id);
    expect([ours!.status, ours!.failure]).toEqual(['cancelled', 'abandoned']);
    expect((await pspPayments()).find((p) => p.id === ours!.pspId)).toMatchObject({ status: 'voided', capturedAmount: 0 });
    expect((await read(travel.id)).status).toBe('cart');
  });

  it('replaces a payment left on the bank’s page by a new one; the job expires one left there for good', async () => {
    const travel = await gusTravel(api, gus);
    await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.threeDS) });
    const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa) });
    expect(res.body.result.status).toBe('booked');
    const [first, second] = await ourPayment(travel.id);
    expect([first!.status, first!.failure, second!.status]).toEqual(['cancelled', 'superseded', 'captured']);
    expect((await pspPayments()).find((p) => p.id === first!.pspId)!.status).toBe('voided');

    const left = await gusTravel(api, gus);
    await payByCard(api, gus, left, { cardToken: await tokenize(api, CARDS.threeDS) });
    api.clock.advance(16 * 60_000);
    await runDueJobs(jobServices(api), JOB_HANDLERS);
    const [expired] = await ourPayment(left.id);
    expect([expired!.status, expired!.failure]).toEqual(['expired', 'expired']);
    expect((await pspPayments()).find((p) => p.id === expired!.pspId)!.status).toBe('voided');
    gus = await api.login('gus');
    expect((await read(left.id)).links.confirmCardPayment).toBeUndefined();
  });
});

describe('money safety', () => {
  it('answers 10 concurrent tries of one intent (one Idempotency-Key) with one authorization, one booking and one capture', async () => {
    const travel = await gusTravel(api, gus);
    const token = await tokenize(api, CARDS.visa);
    const answers = await Promise.all(Array.from({ length: 10 }, () => payByCard(api, gus, travel, { cardToken: token }, `same-intent-${travel.id}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(log).toEqual(['authorize', 'book', 'capture']);
    expect((await ourPayment(travel.id)).map((p) => p.status)).toEqual(['captured']);
  });

  it('lets one of two intents with different keys pay, the other is refused (409) and charges nothing', async () => {
    const travel = await gusTravel(api, gus);
    const [a, b] = await Promise.all([
      payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa) }, `intent-a-${travel.id}`),
      payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.mastercard) }, `intent-b-${travel.id}`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([105, 69, 206]).toContain((a.status === 409 ? a : b).body.api_code);
    const captured = (await ourPayment(travel.id)).filter((p) => p.status === 'captured');
    expect(captured).toHaveLength(1);
    expect(log.filter((c) => c === 'capture')).toHaveLength(1);
    // Whatever the other one held is released.
    for (const p of await ourPayment(travel.id))
      if (p.status !== 'captured') expect((await pspPayments()).find((x) => x.id === p.pspId)?.status ?? 'none').not.toBe('authorized');
  });

  it('a lost answer after the payment service captured: the travel is booked, the job records the capture without charging again', async () => {
    const travel = await gusTravel(api, gus);
    breaks.captureAnswerLost = true;
    const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa) });
    expect(res.body.result.status).toBe('booked');
    // Booked, the capture not known to us yet: shown as authorized.
    expect(res.body.result.travel.payment.status).toBe('authorized');
    const [before] = await ourPayment(travel.id);
    expect(before!.status).toBe('capturing');
    api.clock.advance(31_000);
    await runDueJobs(jobServices(api, watchedPayment(api.db, api.clock)), JOB_HANDLERS);
    const [after] = await ourPayment(travel.id);
    expect(after!.status).toBe('captured');
    const psp = (await pspPayments()).find((p) => p.id === after!.pspId)!;
    expect({ status: psp.status, captured: psp.capturedAmount }).toEqual({ status: 'captured', captured: after!.amount });
    gus = await api.login('gus');
    expect((await read(travel.id)).payment!.status).toBe('captured');
  });

  it('a lost answer after the payment service authorized: the retry of the intent resumes the same authorization, never a second one', async () => {
    const travel = await gusTravel(api, gus);
    const card = { cardToken: await tokenize(api, CARDS.visa) };
    breaks.authorizeAnswerLost = true;
    const lost = await payByCard(api, gus, travel, card, `resume-${travel.id}`);
    expect({ status: lost.status, code: lost.body.api_code }).toEqual({ status: 503, code: 207 });
    expect((await ourPayment(travel.id)).map((p) => p.status)).toEqual(['authorizing']);
    const retried = await payByCard(api, gus, travel, card, `resume-${travel.id}`);
    expect(retried.body.result.status).toBe('booked');
    const [ours] = await ourPayment(travel.id);
    expect((await pspPayments()).filter((p) => p.idempotencyKey === `authorize:${ours!.id}`)).toHaveLength(1);
    expect((await pspPayments()).find((p) => p.id === ours!.pspId)!.capturedAmount).toBe(ours!.amount);
  });

  it('releases a hold whose booking never came (the process died between authorize and book)', async () => {
    const travel = await gusTravel(api, gus);
    breaks.authorizeAnswerLost = true;
    await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.visa) });
    const [ours] = await ourPayment(travel.id);
    const held = (await pspPayments()).find((p) => p.idempotencyKey === `authorize:${ours!.id}`)!;
    expect(held.status).toBe('authorized');
    api.clock.advance(STALE_MS + 1_000);
    await runDueJobs(jobServices(api), JOB_HANDLERS);
    expect((await ourPayment(travel.id)).map((p) => [p.status, p.failure])).toEqual([['voided', 'expired']]);
    expect((await pspPayments()).find((p) => p.id === held.id)).toMatchObject({ status: 'voided', capturedAmount: 0 });
    gus = await api.login('gus');
  });
});

describe('cancelling a card-paid product', () => {
  it('refunds the refundable amount to the card, shown on the travel, in the ticket list and in the e-mail', async () => {
    // A flexible fare: refunded in full.
    const travel = await gusTravel(api, gus, '2026-11-26T07:00', (o) => o.flexibility === 3);
    const booked = (await payByCard(api, gus, travel, { cardToken: await tokenize(api, CARDS.mastercard) })).body.result.travel as TravelJson;
    const product = booked.products[0]!;
    const previews = (await api.call('GET', product.links.previewRefund!.href, { token: gus })).body.result as {
      product_id: string;
      refund: { total: number };
      confirm_refund_date_limit: string;
    }[];
    const shown = previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
    log.length = 0;
    const res = await api.call('POST', '/api/v1/treep/cancel', { token: gus, body: { ticket_ids: [product.id], void: false, previews: shown } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(log).toEqual(['refund']);
    const refund = previews[0]!.refund.total;
    expect(refund).toBeGreaterThan(0);
    const after = res.body.result.travels[0];
    const euros = (refund / 100).toFixed(2);
    expect(after.payment).toMatchObject({
      method: 'card',
      card: { brand: 'mastercard', last4: '4444' },
      status: 'refunded',
      refunded: { amount: euros, currency: 'EUR' },
      refunds: [{ productId: product.id, amount: { amount: euros, currency: 'EUR' }, status: 'done' }],
    });
    const [ours] = await ourPayment(travel.id);
    const psp = (await pspPayments()).find((p) => p.id === ours!.pspId)!;
    expect(psp.refunds.map((r) => r.amount)).toEqual([refund]);

    const tickets = (await api.call('GET', '/api/v1/tickets/', { token: gus })).body.result as { uid: string; card_payment: unknown }[];
    expect(tickets.find((t) => t.uid === product.id)!.card_payment).toEqual({ brand: 'mastercard', last4: '4444', refund: { amount: euros, currency: 'EUR' } });
    const mail = (await mailsTo('gus@globex.example')).find((m) => m.subject.includes('annulation confirmée') && m.text.includes(travel.id))!;
    expect(mail.text).toContain(`est versé sur votre carte Mastercard •••• 4444`);

    // Asked again (the job), nothing is refunded twice.
    api.clock.advance(60_000);
    await runDueJobs(jobServices(api), JOB_HANDLERS);
    expect((await pspPayments()).find((p) => p.id === ours!.pspId)!.refunds).toHaveLength(1);
    gus = await api.login('gus');
  });
});
