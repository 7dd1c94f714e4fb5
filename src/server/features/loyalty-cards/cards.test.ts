import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { userCards } from '@server/db/schema';

/*
 * Loyalty and discount cards (spec 3): alice adds, edits and deletes her cards through the
 * links of her user; a number failing its type's length, Luhn check or prefix is 'card number
 * invalid' (170) and nothing is stored; bob cannot touch alice's cards; a valid rail discount card
 * lowers alice's train fares and is offered in her traveller step.
 */

let api: Api;
type Link = { href: string; method: string };
type Card = {
  uid: string;
  cardtype_id: string;
  cardtype: { name: string };
  cardnumber: string | null;
  effective_date: string | null;
  expiration_date: string | null;
  links: Record<string, Link>;
};
type Cards = { cards: Card[]; links: Record<string, Link> };

let alice: string;
let bob: string;
let aliceId: string;

/** Valid numbers of the sandbox's card types (reference/card-programmes.ts). */
const AVANTAGE = '29090529630741856';
const FLYING_BLUE = '0741852966';
const ALL = '3081852963074182';

const follow = (link: Link, body?: unknown, opts: { token?: string; key?: string; lang?: string } = {}) =>
  api.call(link.method as 'POST', link.href, {
    token: opts.token ?? alice,
    body: body as never,
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });
const me = async (token = alice) => (await api.call('GET', '/api/v1/user/', { token })).body.result;
const cardsOf = async (token = alice): Promise<Cards> => (await follow((await me(token)).links.userCards, undefined, { token })).body.result;
const stored = async () => api.db.select().from(userCards).where(eq(userCards.userId, aliceId));
const avantage = (extra: Record<string, unknown> = {}) => ({ cardtype_id: 'sncf-avantage', cardnumber: AVANTAGE, expiration_date: '2027-06-30', ...extra });

beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  bob = await api.login('bob');
  aliceId = (await me()).uid;
});
afterAll(() => api.close());

describe('card types', () => {
  it('lists the types per transport type with their number rules', async () => {
    const { links } = await cardsOf();
    const { types } = (await follow(links.userCardTypes!)).body.result;
    expect(new Set(types.map((t: { type: string }) => t.type))).toEqual(new Set(['airline', 'rail', 'hotel', 'car_rental']));
    expect(types.find((t: { uid: string }) => t.uid === 'sncf-avantage')).toEqual({
      uid: 'sncf-avantage',
      name: 'Carte Avantage (SNCF)',
      type: 'rail',
      card_type: 'discount',
      requiredNumber: true,
      validationRegex: '^[0-9]+$',
      validationLength: 17,
      validationAlgorithm: 'luhn',
      validationPrefix: '29090',
    });
  });

  it('needs a session', async () => {
    expect((await api.call('GET', '/api/v1/user/cards')).status).toBe(401);
    expect((await api.call('GET', '/api/v1/user/cards/types')).status).toBe(401);
  });
});

describe('validation', () => {
  it.each([
    ['too short', { cardnumber: AVANTAGE.slice(0, 16) }],
    ['too long', { cardnumber: `${AVANTAGE}0` }],
    ['failing the Luhn check', { cardnumber: `${AVANTAGE.slice(0, 16)}7` }],
    ['without the prefix', { cardnumber: '19090529630741857' }],
  ])('refuses a number %s: 400, 170 card number invalid, nothing stored', async (_, extra) => {
    const res = await follow((await cardsOf()).links.addUserCard!, avantage(extra));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      api_code: 170,
      msg: 'CARD_NUMBER_INVALID',
      errorMessage: 'Numéro de carte invalide.',
      fields: { cardnumber: 'CARD_NUMBER_INVALID' },
    });
    expect(await stored()).toEqual([]);
  });

  it('gives each field the spec’s message: type, number required, letters or digits, expiry required or past, dates', async () => {
    const add = (await cardsOf()).links.addUserCard!;
    const problem = async (body: unknown) => {
      const res = await follow(add, body, { lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body.api_code).toBe(17);
      return res.body.fields;
    };
    expect(await problem({ cardtype_id: '', cardnumber: AVANTAGE })).toEqual({ cardtype_id: 'PLEASE_FILL' });
    expect(await problem({ cardtype_id: 'no-such-card', cardnumber: AVANTAGE })).toEqual({ cardtype_id: 'PLEASE_FILL' });
    expect(await problem(avantage({ cardnumber: '   ' }))).toEqual({ cardnumber: 'CARD_NUMBER_REQUIRED' });
    expect(await problem(avantage({ cardnumber: '2909-0529' }))).toEqual({ cardnumber: 'LETTERS_OR_DIGITS' });
    expect(await problem({ cardtype_id: 'europcar-privilege', cardnumber: 'ab12' })).toEqual({ cardnumber: 'LETTERS_OR_DIGITS' });
    expect(await problem(avantage({ expiration_date: '' }))).toEqual({ expiration_date: 'EXPIRATION_REQUIRED' });
    expect(await problem(avantage({ expiration_date: '2026-11-21' }))).toEqual({ expiration_date: 'VALID_DATE' });
    expect(await problem(avantage({ expiration_date: '2027-02-30' }))).toEqual({ expiration_date: 'VALID_DATE' });
    expect(await problem(avantage({ effective_date: 'soon' }))).toEqual({ effective_date: 'VALID_DATE' });
    expect(await problem({ ...avantage(), extra: 1 })).toBeTruthy();
    expect(await stored()).toEqual([]);
  });

  it('takes a loyalty card without expiry (null), and one whose type needs no number without it', async () => {
    const add = (await cardsOf()).links.addUserCard!;
    const res = await follow(add, { cardtype_id: 'af-flying-blue', cardnumber: ` ${FLYING_BLUE} `, expiration_date: '', effective_date: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.cards).toMatchObject([{ cardtype_id: 'af-flying-blue', cardnumber: FLYING_BLUE, expiration_date: null, effective_date: null }]);
    const avis = await follow(res.body.result.links.addUserCard, { cardtype_id: 'avis-preferred' });
    expect(avis.status).toBe(200);
    for (const card of avis.body.result.cards as Card[]) expect((await follow(card.links.deleteUserCard!)).status).toBe(200);
    expect(await stored()).toEqual([]);
  });
});

describe('add, edit, delete', () => {
  it('adds a card once per Idempotency-Key, edits it and deletes it through its links; the user object lists it', async () => {
    const add = (await cardsOf()).links.addUserCard!;
    const first = await follow(add, avantage(), { key: 'card-add-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await follow(add, avantage(), { key: 'card-add-1' });
    expect(again.body).toEqual(first.body);
    expect(await stored()).toHaveLength(1);
    expect((await follow(add, avantage({ cardnumber: FLYING_BLUE }), { key: 'card-add-1' })).body.api_code).toBe(106);

    const card = (first.body.result as Cards).cards[0]!;
    expect(card).toMatchObject({
      cardtype: { name: 'Carte Avantage (SNCF)', type: 'rail' },
      cardnumber: AVANTAGE,
      expiration_date: '2027-06-30',
      user_id: aliceId,
    });
    expect((await me()).cards).toEqual([
      { uid: card.uid, cardtype: expect.objectContaining({ uid: 'sncf-avantage' }), cardnumber: AVANTAGE, expiration_date: '2027-06-30' },
    ]);

    const edited = await follow(card.links.updateUserCard!, avantage({ expiration_date: '2028-01-31', effective_date: '2026-01-01' }));
    expect(edited.body.result.cards).toMatchObject([{ uid: card.uid, expiration_date: '2028-01-31', effective_date: '2026-01-01' }]);
    const badEdit = await follow(card.links.updateUserCard!, avantage({ cardnumber: `${AVANTAGE.slice(0, 16)}7` }));
    expect(badEdit.body.api_code).toBe(170);
    expect((await stored())[0]).toMatchObject({ cardNumber: AVANTAGE, expirationDate: '2028-01-31' });

    const deleted = await follow(card.links.deleteUserCard!);
    expect(deleted.body.result.cards).toEqual([]);
    expect((await follow(card.links.deleteUserCard!)).body.api_code).toBe(171);
  });

  it('replaces the whole list with PUT user/cards: kept by uid, added without, deleted when left out; a bad number stores nothing', async () => {
    const { links } = await cardsOf();
    const two = await follow(links.putUserCards!, { user_cards: [avantage(), { cardtype_id: 'accor-all', cardnumber: ALL }] });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    const [rail, hotel] = (two.body.result as Cards).cards;
    expect([rail!.cardtype_id, hotel!.cardtype_id]).toEqual(['sncf-avantage', 'accor-all']);

    const refused = await follow(links.putUserCards!, {
      user_cards: [
        { uid: rail!.uid, ...avantage() },
        { cardtype_id: 'accor-all', cardnumber: '3081852963074183' },
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ api_code: 170, fields: { 'user_cards.1.cardnumber': 'CARD_NUMBER_INVALID' } });
    expect(await stored()).toHaveLength(2);

    const one = await follow(links.putUserCards!, {
      user_cards: [
        { uid: rail!.uid, ...avantage({ expiration_date: '2027-12-31' }) },
        { cardtype_id: 'af-flying-blue', cardnumber: FLYING_BLUE },
      ],
    });
    expect((one.body.result as Cards).cards.map((c) => [c.uid === rail!.uid, c.cardtype_id, c.expiration_date])).toEqual([
      [true, 'sncf-avantage', '2027-12-31'],
      [false, 'af-flying-blue', null],
    ]);
    expect((await follow(links.putUserCards!, { user_cards: [] })).body.result.cards).toEqual([]);
  });

  it('keeps each user to their own cards: bob’s calls on alice’s card ids are 404 (171) and change nothing', async () => {
    const added = (await follow((await cardsOf()).links.addUserCard!, avantage())).body.result as Cards;
    const card = added.cards[0]!;
    expect((await follow(card.links.updateUserCard!, avantage({ expiration_date: '2029-01-01' }), { token: bob })).status).toBe(404);
    const del = await follow(card.links.deleteUserCard!, undefined, { token: bob });
    expect(del.status).toBe(404);
    expect(del.body.api_code).toBe(171);
    const put = await follow(added.links.putUserCards!, { user_cards: [{ uid: card.uid, ...avantage() }] }, { token: bob });
    expect(put.body.api_code).toBe(171);
    expect((await api.call('PUT', '/api/v1/user/cards/not-a-uuid', { token: bob, body: avantage() })).status).toBe(404);
    expect((await cardsOf(bob)).cards).toEqual([]);
    expect(await stored()).toMatchObject([{ id: card.uid, expirationDate: '2027-06-30' }]);
    await follow(card.links.deleteUserCard!);
  });
});

describe('cards in the trip flow', () => {
  const search = (token: string, datetime = '2026-11-24T07:00') =>
    api.call('POST', '/api/v1/treep/search', {
      token,
      body: { origin: 'city:paris', destination: 'city:lyon', datetime, nb_travelers: 1, travelers: [{ id: 1 }], filters: { rail: true, flight: false } },
    });
  type Proposal = { id: string; marketingCarrier: { code: string }; departure: string; offers: { id: string; price: number; flexibility: number }[] };
  const prices = (res: Awaited<ReturnType<typeof search>>) =>
    new Map((res.body.result.proposals as Proposal[]).map((p) => [`${p.departure} ${p.marketingCarrier.code}`, p.offers.map((o) => o.price)]));

  it('a valid Carte Avantage takes 30 % off SNCF trains, shows in the traveller step and in the cart price; expired, it does nothing', async () => {
    const before = await search(alice);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const add = (await cardsOf()).links.addUserCard!;
    const added = (await follow(add, avantage())).body.result as Cards;
    const after = await search(alice);
    const was = prices(before);
    let compared = 0;
    for (const [train, now] of prices(after)) {
      const old = was.get(train)!;
      if (train.endsWith('SNCF')) {
        now.forEach((p, i) => expect(Math.abs(p - old[i]! * 0.7), `${train}: ${old.join()} → ${now.join()}`).toBeLessThanOrEqual(100));
        compared++;
      } else expect(now).toEqual(old);
    }
    expect(compared).toBeGreaterThan(0);

    const proposal = (after.body.result.proposals as Proposal[]).find((p) => p.marketingCarrier.code === 'SNCF')!;
    const offer = proposal.offers[0]!;
    const step = await api.call('POST', '/api/v1/ticket/travelerForm', { token: alice, body: { choiceIDs: [offer.id] } });
    expect(step.body.result.travelerForms[0].cards).toEqual([{ cardtype: { name: 'Carte Avantage (SNCF)' }, cardnumber: AVANTAGE }]);

    // The cart keeps the discounted fare.
    const entityId = (await me()).entities[0].uid;
    const fields = {
      gender: 'MS',
      firstname: 'Alice',
      lastname: 'Martin',
      birthdate: '1988-04-02',
      contact_email: 'alice@acme.example',
      contact_phone: '0601020304',
    };
    const inCart = await api.call('POST', '/api/v1/cart/add?version=v2', {
      token: alice,
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }], entity_id: entityId },
    });
    expect(inCart.status, JSON.stringify(inCart.body)).toBe(200);
    expect(Math.round(Number(inCart.body.result.travel.price.amount) * 100)).toBe(offer.price);
    expect(offer.price).toBeLessThan(was.get(`${proposal.departure} SNCF`)![0]!);

    // Bob (no card) sees the full fare of the same trains.
    expect(prices(await search(bob))).toEqual(was);

    // A card that expires before the day of travel does not count.
    await follow(added.cards[0]!.links.updateUserCard!, avantage({ expiration_date: '2026-11-23' }));
    expect(prices(await search(alice))).toEqual(was);
    await follow(added.cards[0]!.links.deleteUserCard!);
  });
});
