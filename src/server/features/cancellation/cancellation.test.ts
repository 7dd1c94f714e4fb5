import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api, writeMissionOrders } from '@test/support/api';
import { JOB_HANDLERS } from '@server/app';
import { agencyTasks, companies } from '@server/db/schema';
import { runDueJobs } from '@server/platform/jobs';
import type { Services } from '@server/platform/services';
import { SEMI_FLEX_FEE } from '@server/supplier/sandbox/booking';

/**
 * The refund preview, the cancel (one, several, twice, someone else's, a stale preview, a
 * round trip, a void), offline cancellations through the agency (the company's rule, the supplier's
 * refusal), and the release of linked options. Everything as an API caller sees it.
 */

let api: Api;
let services: Services;
let gus: string;
let alice: string;
let tina: string;
beforeAll(async () => {
  api = await startApi();
  services = jobServices(api);
  [gus, alice, tina] = await Promise.all([api.login('gus'), api.login('alice'), api.login('tina')]);
});
afterAll(() => api.close());

type Link = { href: string; method: string };
type Money = { amount: string; currency: string };
type Product = {
  id: string;
  status: string;
  price: Money;
  links: { previewRefund?: Link; cancelProduct?: Link; releasePrebooking?: Link };
  cancellation: { offline: boolean; void: boolean; refund: Money | null; fees: Money | null; cancelledAt: string | null; refusal: string | null } | null;
};
type Travel = { id: string; status: string; version: number; price: Money; refunded: Money | null; links: Record<string, Link>; products: Product[] };
type Preview = {
  product_id: string;
  confirm_refund_date_limit: string;
  refund: { total: number | null; currency: string };
  fixed_fees: number | null;
  variable_fees: number | null;
  void: boolean;
  offline: boolean;
};
type Offer = { id: string; roundTrip: boolean; flexibility: 1 | 2 | 3 };

const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
const travelUrl = (id: string) => `/api/v1/v2/travels/${id}`;
const cents = (m: Money) => Math.round(Number(m.amount) * 100);
let keys = 0;
const key = () => `cancel-test-${++keys}`;

const post = (link: Link, token: string, body: unknown = {}, opts: { key?: string; version?: number } = {}) =>
  api.call('POST', link.href, {
    token,
    body: body as never,
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.version !== undefined ? { 'if-match': String(opts.version) } : {}) },
  });

async function search(token: string, extra: Record<string, unknown> = {}) {
  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: '2026-11-30T07:00',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
    ...extra,
  };
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token });
  expect(res.status).toBe(200);
  return res.body.result.proposals as { offers: Offer[]; choices: { id: string; offers: { offerID: string }[]; links: { getMoreChoices?: Link } }[] }[];
}

/** A fare of the search (every fare of a choice, through its getMoreChoices link) that `pick` wants. */
async function fare(token: string, extra: Record<string, unknown>, pick: (o: Offer) => boolean) {
  for (const proposal of await search(token, extra))
    for (const choice of proposal.choices) {
      const shown = proposal.offers.find((o) => pick(o) && choice.offers.some((c) => c.offerID === o.id));
      if (shown) return { choice, offer: shown };
      if (!choice.links.getMoreChoices) continue;
      const more = await api.call('GET', choice.links.getMoreChoices.href, { token });
      const offer = (more.body.result.offers as Offer[]).find(pick);
      if (offer) return { choice, offer };
    }
  throw new Error('no such fare');
}

/** Mission orders written as the checkout step would (Globex needs them), then the travel's confirm link followed: booked. */
async function book(travelId: string, token = gus): Promise<Travel> {
  await writeMissionOrders(api.db, travelId);
  const travel = (await api.call('GET', travelUrl(travelId), { token })).body.result as Travel;
  expect(travel.links.confirm, JSON.stringify(travel)).toBeDefined();
  const res = await post(travel.links.confirm!, token, {}, { version: travel.version, key: key() });
  expect(res.status).toBe(200);
  return res.body.result as Travel;
}

/** A booked Globex travel of two trips: Paris → Lyon, then Lyon → Paris (two add to carts). */
async function twoTrips(out: string, back: string): Promise<Travel> {
  const { offer: a } = await fare(gus, { datetime: out }, (o) => !o.roundTrip && o.flexibility === 3);
  const added = (
    await api.call('POST', '/api/v1/cart/add?version=v2', { body: { choiceIDs: [a.id], travelers: [{ travelerID: 1, fields: gusFields }] }, token: gus })
  ).body.result.travel;
  const { offer: b } = await fare(gus, { datetime: back, origin: 'city:lyon', destination: 'city:paris', travelID: added.id }, (o) => !o.roundTrip);
  expect(
    (
      await api.call('POST', '/api/v1/cart/add?version=v2', {
        body: { choiceIDs: [b.id], travelID: added.id, travelers: [{ travelerID: 1, fields: gusFields }] },
        token: gus,
      })
    ).status,
  ).toBe(200);
  const travel = await book(added.id);
  expect(travel.products).toHaveLength(2);
  return travel;
}

/** A booked Globex travel of one trip with a fare of that flexibility. */
async function booked(flexibility: 1 | 2 | 3, extra: Record<string, unknown> = {}, travelID?: string): Promise<Travel> {
  const { offer } = await fare(gus, extra, (o) => !o.roundTrip && o.flexibility === flexibility);
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: gusFields }], ...(travelID ? { travelID } : {}) },
    token: gus,
  });
  expect(added.status).toBe(200);
  return book(added.body.result.travel.id);
}

const previewOf = async (product: Product, token = gus) => {
  const res = await api.call('GET', product.links.previewRefund!.href, { token });
  expect(res.status).toBe(200);
  return res.body.result as Preview[];
};
const shown = (previews: Preview[]) =>
  previews.map((p) => ({ product_id: p.product_id, refund_total: p.refund.total, confirm_refund_date_limit: p.confirm_refund_date_limit }));
const cancelBody = (ids: string[], previews: Preview[]) => ({ ticket_ids: ids, void: previews.some((p) => p.void), previews: shown(previews) });
const mailsTo = async (to: string) =>
  (await api.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`, { apiKey: null })).body.result as { subject: string; text: string; html: string }[];
const read = async (id: string, token = gus) => (await api.call('GET', travelUrl(id), { token })).body.result as Travel;

/** Runs with the clock moved, then puts it back (sessions outlive an hour or two). */
async function at<T>(ms: number, run: () => Promise<T>): Promise<T> {
  const before = api.clock.now();
  api.clock.set(new Date(before.getTime() + ms));
  try {
    return await run();
  } finally {
    api.clock.set(before);
  }
}

describe('refund preview', () => {
  it('follows the fare: full refund (flexible), a fee (semi-flexible), nothing (non-flexible); and the time left', async () => {
    const [full, semi, none] = [await booked(3), await booked(2), await booked(1)];
    const [fullP] = await previewOf(full.products[0]!);
    const price = (t: Travel) => cents(t.products[0]!.price);
    expect(fullP).toMatchObject({
      product_id: full.products[0]!.id,
      refund: { total: price(full), currency: 'EUR' },
      fixed_fees: 0,
      variable_fees: 0,
      void: false,
      offline: false,
    });
    // Previewed at 09:00Z: valid 15 minutes.
    expect(fullP!.confirm_refund_date_limit).toBe('2026-11-22T09:15:00.000Z');
    const [semiP] = await previewOf(semi.products[0]!);
    expect(semiP).toMatchObject({ refund: { total: price(semi) - SEMI_FLEX_FEE }, fixed_fees: SEMI_FLEX_FEE, variable_fees: 0 });
    const [noneP] = await previewOf(none.products[0]!);
    expect(noneP).toMatchObject({ refund: { total: 0, currency: 'EUR' }, fixed_fees: 0, variable_fees: price(none) });
    // Past the semi-flexible deadline (3 days before, noon): rail refunds half until departure.
    const late = await at(
      6 * 86_400_000,
      async () => (await api.call('GET', semi.products[0]!.links.previewRefund!.href, { token: await api.login('gus') })).body.result as Preview[],
    );
    expect(late[0]!.refund.total).toBe(Math.round(price(semi) / 2));
    expect(late[0]!.fixed_fees).toBe(0);
  });

  it('is offered only on booked products that have not left, to their owner', async () => {
    const travel = await booked(3);
    const product = travel.products[0]!;
    expect(product.links).toMatchObject({ previewRefund: { method: 'GET' }, cancelProduct: { href: '/api/v1/treep/cancel', method: 'POST' } });
    expect((await api.call('GET', product.links.previewRefund!.href, { token: alice })).status).toBe(404);
    // After its departure: no links, and the preview is refused.
    await at(9 * 86_400_000, async () => {
      const token = await api.login('gus');
      expect((await read(travel.id, token)).products[0]!.links).toEqual({});
      expect((await api.call('GET', product.links.previewRefund!.href, { token })).body.api_code).toBe(69);
    });
  });
});

describe('cancel', () => {
  it('cancels one product at the refund previewed: status, refund and fees stored, total after refund, one e-mail', async () => {
    const travel = await booked(2);
    const product = travel.products[0]!;
    let started = performance.now();
    const previews = await previewOf(product);
    const previewMs = performance.now() - started;
    const before = (await mailsTo('gus@globex.example')).length;
    started = performance.now();
    const res = await post(product.links.cancelProduct!, gus, cancelBody([product.id], previews), { key: key() });
    console.info(`one refund preview: ${Math.round(previewMs)} ms; one cancel: ${Math.round(performance.now() - started)} ms`);
    expect(res.status).toBe(200);
    const refund = previews[0]!.refund.total!;
    expect(res.body.result).toMatchObject({ cancelled: [product.id], requested: [], travels: [{ id: travel.id, status: 'cancelled' }] });
    const after = await read(travel.id);
    expect(after.products[0]).toMatchObject({
      status: 'cancelled',
      links: {},
      cancellation: { offline: false, void: false, refund: { amount: (refund / 100).toFixed(2) }, fees: { amount: (SEMI_FLEX_FEE / 100).toFixed(2) } },
    });
    expect(cents(after.price)).toBe(cents(travel.price) - refund);
    expect(cents(after.refunded!)).toBe(refund);
    const mails = await mailsTo('gus@globex.example');
    expect(mails.length - before).toBe(1);
    expect(mails[0]!.subject).toContain('annulation confirmée');
    expect(mails[0]!.text).toContain('Remboursement');
    expect(mails[0]!.html).toContain('<html');
  });

  it('cancels twice as one: the same key replays the answer, another intent is refused (69) with the travel as it is', async () => {
    const travel = await booked(3);
    const product = travel.products[0]!;
    const body = cancelBody([product.id], await previewOf(product));
    const k = key();
    const first = await post(product.links.cancelProduct!, gus, body, { key: k });
    expect(first.status).toBe(200);
    expect(await post(product.links.cancelProduct!, gus, body, { key: k })).toMatchObject({ status: 200, body: first.body });
    const again = await post(product.links.cancelProduct!, gus, body, { key: key() });
    expect(again.status).toBe(409);
    expect(again.body.api_code).toBe(69);
    expect(again.body.current.travels[0]).toMatchObject({ id: travel.id, status: 'cancelled' });
    // One cancellation, one refund, one e-mail.
    const mails = (await mailsTo('gus@globex.example')).filter((m) => m.subject.includes('annulation confirmée') && m.text.includes(`travel=${travel.id}`));
    expect(mails).toHaveLength(1);
    const [task] = await api.db.select().from(agencyTasks).where(eq(agencyTasks.travelId, travel.id));
    expect(task).toBeUndefined();
  });

  it('cancels several products at once, across travels; one of a travel of two leaves it partially cancelled', async () => {
    const one = await booked(3);
    const two = await booked(3, { datetime: '2026-12-01T07:00' });
    const previews = [...(await previewOf(one.products[0]!)), ...(await previewOf(two.products[0]!))];
    const res = await post(one.products[0]!.links.cancelProduct!, gus, cancelBody([one.products[0]!.id, two.products[0]!.id], previews), { key: key() });
    expect(res.status).toBe(200);
    expect(res.body.result.cancelled.sort()).toEqual([one.products[0]!.id, two.products[0]!.id].sort());
    expect((await read(one.id)).status).toBe('cancelled');
    expect((await read(two.id)).status).toBe('cancelled');

    // A travel of two trips: one cancelled, the other still booked and still cancellable.
    const pair = await twoTrips('2026-12-02T07:00', '2026-12-03T17:00');
    const target = pair.products[0]!;
    expect((await post(target.links.cancelProduct!, gus, cancelBody([target.id], await previewOf(target)), { key: key() })).status).toBe(200);
    const partly = await read(pair.id);
    expect(partly.status).toBe('partially_cancelled');
    expect(partly.products.map((p) => p.status)).toEqual(['cancelled', 'booked']);
    expect(partly.products[1]!.links.cancelProduct).toBeDefined();
  });

  it('refuses someone else’s product (404) and an unknown id, and changes nothing', async () => {
    const travel = await booked(3);
    const product = travel.products[0]!;
    const previews = await previewOf(product);
    expect((await post(product.links.cancelProduct!, alice, cancelBody([product.id], previews), { key: key() })).status).toBe(404);
    // Mixed with one of the caller's own: still all or nothing.
    const mine = await booked(3, { datetime: '2026-12-04T07:00' });
    const mixed = await post(
      product.links.cancelProduct!,
      gus,
      cancelBody([mine.products[0]!.id, '00000000-0000-4000-8000-000000000000'], [...previews, ...(await previewOf(mine.products[0]!))]),
      { key: key() },
    );
    expect(mixed.status).toBe(404);
    expect((await read(travel.id)).status).toBe('booked');
    expect((await read(mine.id)).status).toBe('booked');
  });

  it('refuses a preview that expired or changed (409, 130) with a fresh one, and cancels nothing', async () => {
    const travel = await booked(2);
    const product = travel.products[0]!;
    const previews = await previewOf(product);
    const expired = await at(16 * 60_000, () => post(product.links.cancelProduct!, gus, cancelBody([product.id], previews), { key: key() }));
    expect(expired.status).toBe(409);
    expect(expired.body.api_code).toBe(130);
    expect(expired.body.current.previews).toMatchObject([{ product_id: product.id, refund: { total: previews[0]!.refund.total } }]);
    expect(expired.body.current.previews[0].confirm_refund_date_limit).toBe('2026-11-22T09:31:00.000Z');
    // A refund that is not the one the supplier quotes now.
    const forged = { ...cancelBody([product.id], previews), previews: [{ ...shown(previews)[0]!, refund_total: cents(product.price) }] };
    const changed = await post(product.links.cancelProduct!, gus, forged, { key: key() });
    expect(changed.body.api_code).toBe(130);
    // No preview at all for a product: refused the same way.
    expect((await post(product.links.cancelProduct!, gus, { ticket_ids: [product.id], void: false, previews: [] }, { key: key() })).body.api_code).toBe(130);
    expect((await read(travel.id)).products[0]!.status).toBe('booked');
  });

  it('cancels both legs of a round-trip fare, from either leg', async () => {
    const extra = { destination: 'city:bordeaux', return_datetime: '2026-12-05T17:00' };
    const outward = await fare(gus, extra, (o) => o.roundTrip);
    const back = await fare(gus, { ...extra, outward: { choiceID: outward.choice.id } }, () => true);
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [outward.offer.id, back.offer.id], travelers: [{ travelerID: 1, fields: gusFields }] },
      token: gus,
    });
    expect(added.status).toBe(200);
    const travel = await book(added.body.result.travel.id);
    expect(travel.products).toHaveLength(2);
    const previews = await previewOf(travel.products[1]!);
    expect(previews.map((p) => p.product_id).sort()).toEqual(travel.products.map((p) => p.id).sort());
    const res = await post(travel.products[1]!.links.cancelProduct!, gus, cancelBody([travel.products[1]!.id], previews), { key: key() });
    expect(res.status).toBe(200);
    expect(res.body.result.cancelled).toHaveLength(2);
    expect((await read(travel.id)).products.map((p) => p.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('voids a flight ticket issued less than 24 h ago (full refund, no fees), not later', async () => {
    const flight = { destination: 'city:nice', datetime: '2026-12-02T08:00', filters: { rail: false, flight: true } };
    const travel = await booked(1, flight);
    const product = travel.products[0]!;
    const [now] = await previewOf(product);
    expect(now).toMatchObject({ void: true, refund: { total: cents(product.price) }, fixed_fees: 0, variable_fees: 0 });
    const later = await at(
      25 * 3_600_000,
      async () => (await api.call('GET', product.links.previewRefund!.href, { token: await api.login('gus') })).body.result as Preview[],
    );
    expect(later[0]).toMatchObject({ void: false, refund: { total: 0 } });
    const res = await post(product.links.cancelProduct!, gus, cancelBody([product.id], [now!]), { key: key() });
    expect(res.status).toBe(200);
    expect((await read(travel.id)).products[0]!.cancellation).toMatchObject({ void: true, refund: { amount: product.price.amount }, fees: { amount: '0.00' } });
  });
});

describe('offline cancellation', () => {
  const agencyMail = 'support@escale-voyages.example';
  const staffTasks = async (token: string) =>
    (await api.call('GET', '/api/v1/agency/tasks?status=open', { token })).body.result.tasks as {
      id: string;
      travelId: string;
      productIds: string[];
      links: { completeAgencyTask?: Link };
    }[];

  it('the company’s rule sends it to the agency: a task, two e-mails, pending_cancel; the agency completes it: cancelled, refund stored, an e-mail', async () => {
    const [globex] = await api.db.select().from(companies).where(eq(companies.name, 'Globex Consulting'));
    await api.db
      .update(companies)
      .set({ config: { ...globex!.config, railOfflineCancellation: true } })
      .where(eq(companies.id, globex!.id));
    try {
      const travel = await booked(3);
      const product = travel.products[0]!;
      const previews = await previewOf(product);
      expect(previews[0]).toMatchObject({ offline: true, refund: { total: null, currency: '' }, fixed_fees: null, variable_fees: null });
      const [agencyBefore, gusBefore] = [(await mailsTo(agencyMail)).length, (await mailsTo('gus@globex.example')).length];
      const res = await post(product.links.cancelProduct!, gus, cancelBody([product.id], previews), { key: key() });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        cancelled: [],
        requested: [product.id],
        travels: [{ status: 'pending_cancel', products: [{ status: 'pending_cancel', links: {}, cancellation: { offline: true, refund: null } }] }],
      });
      const agencyMails = await mailsTo(agencyMail);
      expect(agencyMails.length - agencyBefore).toBe(1);
      expect(agencyMails[0]!.subject).toContain('annulation à traiter');
      expect((await mailsTo('gus@globex.example')).length - gusBefore).toBe(1);
      expect((await mailsTo('gus@globex.example'))[0]!.subject).toContain('demande d’annulation envoyée');

      const task = (await staffTasks(tina)).find((t) => t.travelId === travel.id)!;
      expect(task.productIds).toEqual([product.id]);
      // Only the agency's staff answer it.
      expect((await post(task.links.completeAgencyTask!, alice, { refund: 1000, fees: 500 }, { key: key() })).status).toBe(403);
      expect((await api.call('GET', '/api/v1/agency/tasks', { token: gus })).status).toBe(403);
      const done = await post(task.links.completeAgencyTask!, tina, { refund: 4000, fees: 500 }, { key: key() });
      expect(done.status).toBe(200);
      expect(done.body.result).toMatchObject({ status: 'done', outcome: 'cancelled', refund: 4000, fees: 500, links: {} });
      const after = await read(travel.id);
      expect(after).toMatchObject({
        status: 'cancelled',
        refunded: { amount: '40.00' },
        products: [{ status: 'cancelled', cancellation: { offline: true, refund: { amount: '40.00' }, fees: { amount: '5.00' } } }],
      });
      expect((await mailsTo('gus@globex.example'))[0]!.subject).toContain('annulation confirmée');
      // Answered once: a second answer is refused with the task as it is.
      const twice = await post(task.links.completeAgencyTask!, tina, { refused: 'Too late' }, { key: key() });
      expect(twice).toMatchObject({ status: 409, body: { api_code: 69, current: { outcome: 'cancelled' } } });
    } finally {
      await api.db.update(companies).set({ config: globex!.config }).where(eq(companies.id, globex!.id));
    }
  });

  it('the supplier’s refusal (Eurostar) sends it to the agency too; an agency refusal gives the ticket back as it was', async () => {
    const travel = await booked(3, { destination: 'city:london' });
    const product = travel.products[0]!;
    const previews = await previewOf(product);
    expect(previews[0]).toMatchObject({ offline: true, refund: { total: null } });
    const res = await post(product.links.cancelProduct!, gus, cancelBody([product.id], previews), { key: key() });
    expect(res.body.result.requested).toEqual([product.id]);
    const task = (await staffTasks(await api.login('arthur'))).find((t) => t.travelId === travel.id)!;
    const refused = await post(task.links.completeAgencyTask!, tina, { refused: 'Billet déjà utilisé' }, { key: key() });
    expect(refused.body.result).toMatchObject({ outcome: 'refused', reason: 'Billet déjà utilisé' });
    const after = await read(travel.id);
    expect(after).toMatchObject({ status: 'booked', products: [{ status: 'booked', cancellation: { refusal: 'Billet déjà utilisé' } }] });
    expect(after.products[0]!.links.cancelProduct).toBeDefined();
    expect((await mailsTo('gus@globex.example'))[0]!.subject).toContain('annulation refusée');
  });

  it('a task the agency does not have is not found, nor an id that is no uuid', async () => {
    const link = { href: '/api/v1/agency/tasks/00000000-0000-4000-8000-000000000000/complete', method: 'POST' };
    expect((await post(link, tina, { refund: 0, fees: 0 }, { key: key() })).status).toBe(404);
    expect((await post({ ...link, href: '/api/v1/agency/tasks/nope/complete' }, tina, { refund: 0, fees: 0 }, { key: key() })).status).toBe(404);
  });
});

describe('ticketing and release', () => {
  it('issues the products left once the travel is partly cancelled', async () => {
    const travel = await twoTrips('2026-12-06T07:00', '2026-12-07T17:00');
    // One booked product cancelled before the tickets are issued: the ticketing job still issues the other.
    const product = travel.products[0]!;
    expect((await post(product.links.cancelProduct!, gus, cancelBody([product.id], await previewOf(product)), { key: key() })).status).toBe(200);
    await at(60_000, () => runDueJobs(services, JOB_HANDLERS));
    await at(5 * 60_000, () => runDueJobs(services, JOB_HANDLERS));
    const after = await read(travel.id);
    expect(after).toMatchObject({ status: 'partially_cancelled', products: [{ status: 'cancelled' }, { status: 'issued' }] });
  });

  it('releasing an option releases the linked one (the return of a round trip), for good', async () => {
    const extra = { destination: 'city:bordeaux', return_datetime: '2026-12-09T17:00', datetime: '2026-12-08T07:00' };
    const [proposal] = await search(gus, extra);
    const choice = proposal!.choices[0]!;
    const [back] = await search(gus, { ...extra, outward: { choiceID: choice.id } });
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [choice.offers[0]!.offerID, back!.offers[0]!.id], travelers: [{ travelerID: 1, fields: gusFields }] },
      token: gus,
    });
    await writeMissionOrders(api.db, added.body.result.travel.id);
    const ready = await read(added.body.result.travel.id);
    const held = (await post(ready.links.confirm!, gus, { hold: true }, { version: ready.version, key: key() })).body.result as Travel;
    expect(held.products.map((p) => p.status)).toEqual(['prebooked', 'prebooked']);
    const released = (await post(held.products[0]!.links.releasePrebooking!, gus, {}, { version: held.version, key: key() })).body.result as Travel;
    expect(released.products.map((p) => p.status)).toEqual(['released', 'released']);
    expect(released.products.every((p) => Object.keys(p.links).length === 0)).toBe(true);
  });
});
