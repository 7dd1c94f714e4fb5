import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { paymentCards, payments } from '@server/db/schema';
import { CARDS, gusTravel, payByCard, tokenize } from '@test/support/card-payment';

/** The user's saved payment cards, from the user's `paymentCards` link: their own only, never a number nor a token. */

let api: Api;
let gus: string;
let alice: string;
beforeAll(async () => {
  api = await startApi();
  [gus, alice] = await Promise.all([api.login('gus'), api.login('alice')]);
});
afterAll(() => api.close());

type Cards = {
  cards: {
    id: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    holder: string;
    expired: boolean;
    links: { deletePaymentCard?: { href: string; method: 'DELETE' } };
  }[];
};
const listOf = async (token: string) => {
  const me = (await api.call('GET', '/api/v1/user/', { token })).body.result;
  expect(me.links.paymentCards).toEqual({ href: '/api/v1/user/payment-cards', method: 'GET' });
  const res = await api.call('GET', me.links.paymentCards.href, { token });
  expect(res.status).toBe(200);
  return res.body.result as Cards;
};

/** Gus pays a travel with `number`, saving the card. */
async function paySaving(number: string, holder: string) {
  const travel = await gusTravel(api, gus);
  const res = await payByCard(api, gus, travel, { cardToken: await tokenize(api, number, holder), saveCard: true });
  expect(res.body.result.status).toBe('booked');
}

describe('saved payment cards', () => {
  it('lists the cards the user saved while paying: brand, last 4 digits, expiry, holder — each once', async () => {
    expect((await listOf(gus)).cards).toEqual([]);
    await paySaving(CARDS.visa, 'Gus Moreau');
    await paySaving(CARDS.mastercard, 'G. Moreau');
    // The same card saved again takes the new token, not a second row.
    await paySaving(CARDS.visa, 'Gus Moreau');
    const { cards } = await listOf(gus);
    expect(cards.map(({ id: _id, links: _links, ...c }) => c)).toEqual([
      { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, holder: 'Gus Moreau', expired: false },
      { brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2030, holder: 'G. Moreau', expired: false },
    ]);
    expect(cards[0]!.links.deletePaymentCard).toEqual({ href: `/api/v1/user/payment-cards/${cards[0]!.id}`, method: 'DELETE' });
    expect(JSON.stringify(cards)).not.toMatch(/tok_|4242424242424242/);
    // Nobody else's list shows them.
    expect((await listOf(alice)).cards).toEqual([]);
  });

  it('says which cards have expired on the server’s today', async () => {
    const [card] = (await listOf(gus)).cards;
    await api.db.update(paymentCards).set({ expMonth: 10, expYear: 2026 }).where(eq(paymentCards.id, card!.id));
    expect((await listOf(gus)).cards.find((c) => c.id === card!.id)!.expired).toBe(true);
    // The test clock's month (November 2026) is still good.
    await api.db.update(paymentCards).set({ expMonth: 11, expYear: 2026 }).where(eq(paymentCards.id, card!.id));
    expect((await listOf(gus)).cards.find((c) => c.id === card!.id)!.expired).toBe(false);
  });

  it('deletes one of the user’s cards through its link (the payments made with it keep their card); another user’s is unknown (404, 200)', async () => {
    const { cards } = await listOf(gus);
    const [visa, mastercard] = cards;
    const theirs = await api.call('DELETE', visa!.links.deletePaymentCard!.href, { token: alice });
    expect({ status: theirs.status, code: theirs.body.api_code }).toEqual({ status: 404, code: 200 });
    expect((await api.call('DELETE', '/api/v1/user/payment-cards/not-an-id', { token: gus })).status).toBe(404);

    const res = await api.call('DELETE', visa!.links.deletePaymentCard!.href, { token: gus, headers: { 'idempotency-key': `delete-${visa!.id}` } });
    expect(res.status).toBe(200);
    expect((res.body.result as Cards).cards.map((c) => c.id)).toEqual([mastercard!.id]);
    // The same intent again is answered, not refused.
    expect((await api.call('DELETE', visa!.links.deletePaymentCard!.href, { token: gus, headers: { 'idempotency-key': `delete-${visa!.id}` } })).body).toEqual(
      res.body,
    );
    expect((await api.call('DELETE', visa!.links.deletePaymentCard!.href, { token: gus })).status).toBe(404);
    const paid = await api.db.select({ last4: payments.last4, status: payments.status }).from(payments);
    expect(paid.filter((p) => p.last4 === '4242' && p.status === 'captured')).toHaveLength(2);
  });
});
