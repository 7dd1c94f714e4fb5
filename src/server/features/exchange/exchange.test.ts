import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type Api, writeMissionOrders } from '@test/support/api';
import { buildApp, JOB_HANDLERS } from '@server/app';
import { exchangeOffers, exchangeSearches } from '@server/db/schema';
import { DEMO_API_KEY } from '@server/db/seed';
import { enqueue, runDueJobs } from '@server/platform/jobs';
import { outboxMailer } from '@server/platform/mail';
import type { Services } from '@server/platform/services';
import { createSandboxSupplier } from '@server/supplier';
import type { Supplier } from '@server/supplier/types';

/**
 * Rail exchange, as an API caller sees it: an issued ITP ticket links to its sections,
 * a section to its search, each fare of the results to its booking (the exchange offer), the offer
 * to its confirmation; the old ticket ends `exchanged`, a new one `issued`, the travel `modified`,
 * and an e-mail says so. A supplier failure or a process dying mid-exchange never leaves the
 * traveller without a valid ticket.
 */

let api: Api;
let services: Services;
const supplier = createSandboxSupplier();
let gus: string;
let alice: string;
beforeAll(async () => {
  api = await startApi({}, { supplier });
  services = { db: api.db, clock: api.clock, config: (await import('@server/config')).loadConfig({ NODE_ENV: 'test' }), mailer: outboxMailer, supplier };
  [gus, alice] = await Promise.all([api.login('gus'), api.login('alice')]);
});
afterAll(() => api.close());

const runJobs = (s: Services = services) => runDueJobs(s, JOB_HANDLERS);
const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
// Lyon's Part-Dieu and Paris (the city): the form sends the points of the places picked from the suggestions.
const LYON = { lat: 45.7605, lon: 4.8597 };
const PARIS = { lat: 48.8566, lon: 2.3522 };

type Link = { href: string; method: string };
type ProductShown = { id: string; status: string; pnr: string | null; departure: string; links: Record<string, Link> };
type TravelShown = { id: string; status: string; version: number; products: ProductShown[] };

/** Gus's travel Paris → Lyon on `day`, booked at a fare of `flexibility` and issued. */
async function issuedTicket(flexibility: 1 | 2 | 3, day = '2026-11-24'): Promise<TravelShown> {
  const body = { origin: 'city:paris', destination: 'city:lyon', datetime: `${day}T07:00`, nb_travelers: 1, filters: { rail: true, flight: false } };
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token: gus });
  type Offer = { id: string; flexibility: number; roundTrip: boolean };
  const proposals = search.body.result.proposals as { offers: Offer[]; choices: { links: { getMoreChoices?: Link } }[] }[];
  const fits = (o: Offer) => o.flexibility === flexibility && !o.roundTrip;
  let offer = proposals.flatMap((p) => p.offers).find(fits);
  // The other fares of a cabin come with its getMoreChoices link.
  for (const choice of proposals.flatMap((p) => p.choices)) {
    if (offer || !choice.links.getMoreChoices) continue;
    offer = ((await api.call('GET', choice.links.getMoreChoices.href, { token: gus })).body.result.offers as Offer[]).find(fits);
  }
  expect(offer).toBeDefined();
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer!.id], travelers: [{ travelerID: 1, fields: gusFields }] },
    token: gus,
  });
  const travelId = added.body.result.travel.id as string;
  await writeMissionOrders(api.db, travelId);
  const ready = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: gus })).body.result;
  expect((await api.call('POST', ready.links.confirm.href, { token: gus, body: {} })).status).toBe(200);
  api.clock.advance(60_000);
  await runJobs();
  api.clock.advance(5 * 60_000);
  await runJobs();
  const issued = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: gus })).body.result as TravelShown;
  expect(issued).toMatchObject({ status: 'issued', products: [{ status: 'issued' }] });
  return issued;
}

type Choice = { id: string; priceDelta: number; flexibility: string; links: { bookExchange: Link } };
type Journey = {
  departure: string;
  isDirectTrip: boolean;
  first: { minimumPriceDelta: number; choices: Choice[] } | null;
  second: { minimumPriceDelta: number; choices: Choice[] } | null;
};

/** The product's section, and the trains from Paris to Lyon at `departure`. */
async function searchFor(product: ProductShown, departure: string) {
  const sections = await api.call('GET', product.links.getExchangeableSections!.href, { token: gus });
  expect(sections.status).toBe(200);
  const [section] = sections.body.result as { id: string; links: { searchExchange: Link } }[];
  const res = await api.call('POST', section!.links.searchExchange.href, { token: gus, body: { departure, origin: PARIS, destination: LYON } });
  expect(res.status).toBe(200);
  return res.body.result as { searchDate: string; searchResults: Journey[] };
}

/** A later train's cheapest second-class fare, booked: the exchange offer. */
async function offerFor(product: ProductShown) {
  const results = await searchFor(product, '2026-11-24T14:00');
  const journey = results.searchResults.find((j) => j.second && j.second.choices.length > 0)!;
  const choice = journey.second!.choices[0]!;
  const booked = await api.call('POST', choice.links.bookExchange.href, { token: gus });
  expect(booked.status).toBe(200);
  return {
    journey,
    choice,
    offer: booked.body.result as {
      id: string;
      exchangeFees: number;
      priceDelta: number;
      totalPrice: number;
      product: ProductShown;
      links: { confirmExchange?: Link };
    },
  };
}

describe('which tickets may be exchanged', () => {
  it('links an issued ITP ticket to its sections, not a non-flexible one (69), nor anyone else’s (404)', async () => {
    const travel = await issuedTicket(2);
    const [product] = travel.products;
    expect(product!.links.getExchangeableSections).toEqual({ href: `/api/v1/products/${product!.id}/sections`, method: 'GET' });
    const entry = await api.call('GET', `/api/v1/products/${product!.id}`, { token: gus });
    expect(entry.body.result).toMatchObject({ id: product!.id, status: 'issued', links: { getExchangeableSections: product!.links.getExchangeableSections } });

    const sections = await api.call('GET', product!.links.getExchangeableSections!.href, { token: gus });
    expect(sections.body.result).toEqual([
      expect.objectContaining({
        from: expect.objectContaining({ city: 'Paris' }),
        to: expect.objectContaining({ city: 'Lyon' }),
        departure: product!.departure,
        links: { searchExchange: expect.any(Object) },
      }),
    ]);

    for (const url of [`/api/v1/products/${product!.id}`, product!.links.getExchangeableSections!.href]) {
      const res = await api.call('GET', url, { token: alice });
      expect(res.status).toBe(404);
      expect(res.body.api_code).toBe(100);
    }

    const rigid = (await issuedTicket(1)).products[0]!;
    expect(rigid.links.getExchangeableSections).toBeUndefined();
    const refused = await api.call('GET', `/api/v1/products/${rigid.id}/sections`, { token: gus });
    expect(refused.status).toBe(409);
    expect(refused.body.api_code).toBe(69);
    const search = await api.call('POST', `/api/v1/products/${rigid.id}/sections/x/exchange/search`, {
      token: gus,
      body: { departure: '2026-11-24T14:00', origin: PARIS, destination: LYON },
    });
    expect(search.body.api_code).toBe(69);
  });

  it('requires both places and a departure (17 with the fields)', async () => {
    const product = (await issuedTicket(3)).products[0]!;
    const [section] = (await api.call('GET', product.links.getExchangeableSections!.href, { token: gus })).body.result;
    const res = await api.call('POST', section.links.searchExchange.href, { token: gus, body: { departure: '2026-11-24T14:00', origin: PARIS } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ api_code: 17, fields: { destination: expect.any(String) } });
  });
});

describe('an exchange', () => {
  it('searches, books a choice, confirms: old ticket exchanged, new one issued, travel modified, one e-mail', async () => {
    const travel = await issuedTicket(2);
    const old = travel.products[0]!;
    const results = await searchFor(old, '2026-11-24T14:00');
    expect(results.searchResults.length).toBeGreaterThan(0);
    for (const j of results.searchResults) {
      expect(j.departure >= '2026-11-24T14:00').toBe(true);
      for (const cls of [j.first, j.second]) if (cls) expect(cls.minimumPriceDelta).toBe(Math.min(...cls.choices.map((c) => c.priceDelta)));
    }

    const { choice, offer } = await offerFor(old);
    // Semi-flexible, less than 3 days before departure: the fee of its conditions.
    expect(offer).toMatchObject({ exchangeFees: 1900, priceDelta: choice.priceDelta, totalPrice: 1900 + choice.priceDelta, product: { status: 'cart' } });
    expect(offer.links.confirmExchange).toEqual({ href: `/api/v1/products/${old.id}/exchange/offers/${offer.id}/confirm`, method: 'POST' });

    const headers = { 'idempotency-key': `exchange-${offer.id}`, 'if-match': String(travel.version) };
    const started = performance.now();
    const confirmed = await api.call('POST', offer.links.confirmExchange!.href, { token: gus, headers });
    console.info(`one exchange confirm: ${Math.round(performance.now() - started)} ms`);
    expect(confirmed.status).toBe(200);
    const { travel: after, product: fresh, email } = confirmed.body.result as { travel: TravelShown; product: ProductShown; email: string };
    expect(email).toBe('gus@globex.example');
    expect(after).toMatchObject({ status: 'modified', version: travel.version + 1 });
    expect(after.products.map((p) => p.status).sort()).toEqual(['exchanged', 'issued']);
    expect(after.products.find((p) => p.id === old.id)!.status).toBe('exchanged');
    expect(fresh).toMatchObject({ status: 'issued', pnr: expect.stringMatching(/^[A-HJ-NP-Z2-9]{6}$/) });
    expect(fresh.pnr).not.toBe(old.pnr);
    expect(fresh.departure.slice(0, 16) >= '2026-11-24T14:00').toBe(true);
    // The travel costs what its live tickets cost: the exchanged one no longer counts.
    expect((after as unknown as { price: { amount: string } }).price.amount).toBe((fresh as unknown as { price: { amount: string } }).price.amount);
    // Exchangeable again exactly when the new fare is.
    expect(Boolean(fresh.links.getExchangeableSections)).toBe(choice.flexibility !== 'noFlex');

    // Idempotent: the same key replays the answer; another confirm changes nothing twice.
    expect(await api.call('POST', offer.links.confirmExchange!.href, { token: gus, headers })).toMatchObject({ status: 200, body: confirmed.body });
    const again = await api.call('POST', offer.links.confirmExchange!.href, { token: gus });
    expect(again.status).toBe(200);
    expect(again.body.result.product.id).toBe(fresh.id);
    const read = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: gus })).body.result as TravelShown;
    expect(read.products).toHaveLength(2);
    // The old ticket can no longer be exchanged; its offer no longer confirmed by anyone else.
    expect((await api.call('GET', `/api/v1/products/${old.id}/sections`, { token: gus })).body.api_code).toBe(69);
    expect((await api.call('POST', offer.links.confirmExchange!.href, { token: alice })).status).toBe(404);

    const mails = (await api.call('GET', '/dev/mailbox.json?to=gus%40globex.example', { apiKey: null })).body.result as {
      subject: string;
      text: string;
      attachments: { filename: string }[];
    }[];
    const exchanged = mails.filter((m) => m.subject.includes('billet échangé'));
    expect(exchanged).toHaveLength(1);
    expect(exchanged[0]!.text).toContain(fresh.pnr!);
    expect(exchanged[0]!.attachments).toEqual([expect.objectContaining({ filename: 'voyage.ics' })]);
    const [row] = await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, offer.id));
    expect(row!.status).toBe('done');
  });

  it('keeps the old ticket when the supplier refuses the new one', async () => {
    const travel = await issuedTicket(3);
    const old = travel.products[0]!;
    const { offer } = await offerFor(old);
    expect(offer.exchangeFees).toBe(0); // flexible fare: free
    supplier.setFault('unavailable');
    try {
      const res = await api.call('POST', offer.links.confirmExchange!.href, { token: gus });
      expect(res.status).toBe(503);
    } finally {
      supplier.setFault(null);
    }
    const read = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: gus })).body.result as TravelShown;
    expect(read).toMatchObject({ status: 'issued', version: travel.version, products: [{ id: old.id, status: 'issued', pnr: old.pnr }] });
    expect((await api.call('POST', offer.links.confirmExchange!.href, { token: gus })).body.api_code).toBe(69);
  });
  it('after a supplier timeout (outcome unknown), keeps the old ticket valid and carries the exchange on when confirmed again', async () => {
    const travel = await issuedTicket(3);
    const old = travel.products[0]!;
    const { offer } = await offerFor(old);
    supplier.setFault('timeout');
    try {
      expect((await api.call('POST', offer.links.confirmExchange!.href, { token: gus })).status).toBe(504);
    } finally {
      supplier.setFault(null);
    }
    const during = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: gus })).body.result as TravelShown;
    expect(during).toMatchObject({ status: 'issued', products: [{ id: old.id, status: 'issued' }] });
    const again = await api.call('POST', offer.links.confirmExchange!.href, { token: gus });
    expect(again.status).toBe(200);
    expect(again.body.result.travel.status).toBe('modified');
  });
});

describe('the daily clean-up', () => {
  it('drops old searches and offers nobody confirmed, keeps the searches of exchanges made', async () => {
    const { offer: stale } = await offerFor((await issuedTicket(3)).products[0]!);
    const doneTravel = await issuedTicket(3);
    const { offer: confirmed } = await offerFor(doneTravel.products[0]!);
    expect((await api.call('POST', confirmed.links.confirmExchange!.href, { token: gus })).status).toBe(200);
    const [staleRow] = await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, stale.id));
    const [doneRow] = await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, confirmed.id));
    await enqueue(api.db, { kind: 'cleanup-exchange-searches', key: 'cleanup-exchange-searches', payload: {}, runAt: api.clock.now() });
    api.clock.advance(3 * 24 * 3_600_000);
    try {
      await runJobs();
    } finally {
      api.clock.advance(-3 * 24 * 3_600_000);
    }
    expect(await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, stale.id))).toEqual([]);
    expect(await api.db.select().from(exchangeSearches).where(eq(exchangeSearches.id, staleRow!.searchId))).toEqual([]);
    expect(await api.db.select().from(exchangeSearches).where(eq(exchangeSearches.id, doneRow!.searchId))).toHaveLength(1);
  });
});

/** Another app on the same database whose supplier never answers one call: the process "dies" there (nothing after it runs). */
async function dyingApp(hangOn: 'exchange' | 'cancel') {
  const base = createSandboxSupplier();
  const hanging: Supplier = { ...base, booking: { ...base.booking, [hangOn]: () => new Promise(() => undefined) } };
  const app = await buildApp({ db: api.db, config: services.config, clock: api.clock, logger: false, supplier: hanging });
  return {
    confirm: (url: string, key: string) =>
      void app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${gus}`, 'api-key': DEMO_API_KEY, 'idempotency-key': key } }),
  };
}
/** Waits until the dying call has taken the offer to `status` (and hangs there). */
const offerReaches = (id: string, status: string) =>
  vi.waitFor(async () => expect((await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, id)))[0]!.status).toBe(status), {
    timeout: 10_000,
    interval: 50,
  });

describe('a process dying mid-exchange', () => {
  it('while the supplier issues the new ticket: the old one stays valid, then the job finishes the exchange', async () => {
    const travel = await issuedTicket(3);
    const old = travel.products[0]!;
    const { offer } = await offerFor(old);
    (await dyingApp('exchange')).confirm(offer.links.confirmExchange!.href, `dying-${offer.id}`);
    await offerReaches(offer.id, 'exchanging');
    const during = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: gus })).body.result as TravelShown;
    expect(during).toMatchObject({ status: 'issued', products: [{ id: old.id, status: 'issued' }] });

    api.clock.advance(61_000);
    await runJobs();
    const after = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: gus })).body.result as TravelShown;
    expect(after.status).toBe('modified');
    expect(after.products.map((p) => p.status).sort()).toEqual(['exchanged', 'issued']);
    const [row] = await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, offer.id));
    expect(row!.status).toBe('done');
  });

  it('after the swap, before the old ticket is cancelled: the new one is valid, the job cancels the old one', async () => {
    const travel = await issuedTicket(3);
    const old = travel.products[0]!;
    const { offer } = await offerFor(old);
    (await dyingApp('cancel')).confirm(offer.links.confirmExchange!.href, `dying-${offer.id}`);
    await offerReaches(offer.id, 'swapped');
    const during = (await api.call('GET', `/api/v1/v2/travels/${travel.id}`, { token: gus })).body.result as TravelShown;
    expect(during.status).toBe('modified');
    expect(during.products.some((p) => p.status === 'issued' && p.id !== old.id)).toBe(true);
    expect((await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, offer.id)))[0]!.status).toBe('swapped');

    api.clock.advance(61_000);
    await runJobs();
    expect((await api.db.select().from(exchangeOffers).where(eq(exchangeOffers.id, offer.id)))[0]!.status).toBe('done');
  });
});
