import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { travelListPageSchema, type TravelListItem } from '@contract/travel-list';
import { travelProducts, travels, users } from '@server/db/schema';
import { seedTravels, type TravelSpec } from './travels.fixtures';

let api: Api;
let gus: string;
let alice: string;
let ids: string[];
let alicesIds: string[];

// The API's clock is 2026-11-22T09:00Z; the template day two weeks on (2026-12-06), so `days: -30` has ended.
const GUS = [{ firstname: 'Gus', lastname: 'Moreau' }];
const SPECS: TravelSpec[] = [
  { status: 'issued', days: 0, pax: GUS },
  { status: 'booked', days: 5, pax: [...GUS, { firstname: 'Zoé', lastname: 'Benali' }] },
  { status: 'pending_approval', days: 10 },
  { status: 'pending_confirmation', days: 3 },
  { status: 'cancelled', days: -40 },
  { status: 'denied', days: 20 },
  { status: 'issued', days: -30, route: ['city:lyon', 'city:marseille'] },
  { status: 'booked', days: 4, withProduct: false },
  { status: 'cart', days: 1 },
  { status: 'removed', days: 2 },
  { status: 'pending_ticketing', days: 7 },
  { status: 'partially_cancelled', days: 8, productStatus: 'cancelled' },
];
/** The travels the beta list may show (not cart, removed, or without products), by SPECS index. */
const LISTED = [0, 1, 2, 3, 4, 5, 6, 10, 11];

beforeAll(async () => {
  api = await startApi();
  [gus, alice] = await Promise.all([api.login('gus'), api.login('alice')]);
  const owner = async (username: string) => (await api.db.select().from(users).where(eq(users.username, username)))[0]!;
  ids = await seedTravels(api.db, await owner('gus'), SPECS, api.clock.now());
  alicesIds = await seedTravels(
    api.db,
    await owner('alice'),
    [
      { status: 'issued', days: 1 },
      { status: 'pending_approval', days: 2 },
    ],
    api.clock.now(),
  );
});
afterAll(() => api.close());

const list = async (query: string, token = gus) => {
  const res = await api.call('GET', `/api/v1/v2/travels/?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return travelListPageSchema.parse(res.body.result);
};
const indexes = (travels: TravelListItem[]) => travels.map((t) => ids.indexOf(t.id));
const byStartDesc = (idx: number[]) => [...idx].sort((a, b) => SPECS[b]!.days - SPECS[a]!.days);

describe('GET /v2/travels/ as the beta list', () => {
  it('lists the user’s travels with products, newest start first, as lean items with the total', async () => {
    const page = await list('limit=50');
    expect(indexes(page.travels)).toEqual(byStartDesc(LISTED));
    expect(page).toMatchObject({ total: LISTED.length, offset: 0, limit: 50 });
    const booked = page.travels.find((t) => t.id === ids[1])!;
    expect(booked).toMatchObject({ status: 'booked', startDate: '2026-12-11', endDate: '2026-12-11' });
    expect(booked.products).toHaveLength(1);
    expect(booked.products[0]).toMatchObject({ type: 'rail', status: 'booked', from: 'Paris', to: 'Lyon' });
    expect(booked.products[0]!.departure).toMatch(/^2026-12-11T\d\d:\d\d(:\d\d)?\+01:00$/);
    expect(booked.products[0]!.routes.length).toBeGreaterThan(0);
    expect(booked.products[0]!.routes[0]!.from).toMatch(/Paris/);
    expect(booked.products[0]!.ticketsByPax).toEqual([{ pax: { firstname: 'Gus', lastname: 'Moreau' } }, { pax: { firstname: 'Zoé', lastname: 'Benali' } }]);
    // The lean item carries nothing else of the product (no price, no fare, no links).
    expect(Object.keys(booked.products[0]!).sort()).toEqual(['arrival', 'departure', 'from', 'id', 'routes', 'status', 'ticketsByPax', 'to', 'type']);
  });

  it('never lists someone else’s travels, and each user gets their own total', async () => {
    const gusPage = await list('limit=100');
    expect(gusPage.travels.map((t) => t.id)).not.toEqual(expect.arrayContaining([alicesIds[0]]));
    const alicePage = await list('limit=100', alice);
    expect(alicePage.travels.map((t) => t.id).sort()).toEqual([...alicesIds].sort());
    expect(alicePage.total).toBe(2);
  });

  it('filters by beta travel status (repeated = any), mapped onto the travel statuses', async () => {
    expect(indexes((await list('travelStatus=approval')).travels)).toEqual([2]);
    expect(indexes((await list('travelStatus=issued')).travels)).toEqual(byStartDesc([0, 1, 6, 10]));
    expect(indexes((await list('travelStatus=pending&travelStatus=approval')).travels)).toEqual(byStartDesc([2, 3]));
    expect(indexes((await list('travelStatus=cancelled')).travels)).toEqual(byStartDesc([4, 5, 11]));
    expect(indexes((await list('travelStatus=printed')).travels)).toEqual(byStartDesc([0, 6]));
    // This server never leaves a travel in error: an empty page, not a 400.
    expect(await list('travelStatus=error')).toMatchObject({ travels: [], total: 0 });
  });

  it('removes blacklisted statuses, and filters by a product’s status', async () => {
    expect(indexes((await list('travelStatusBlacklist=cancelled&travelStatusBlacklist=pending')).travels)).toEqual(byStartDesc([0, 1, 2, 6, 10]));
    expect(indexes((await list('travelStatus=issued&travelStatusBlacklist=printed')).travels)).toEqual(byStartDesc([1, 10]));
    expect(indexes((await list('ticketStatus=cancelled')).travels)).toEqual(byStartDesc([4, 5, 11]));
    expect(indexes((await list('ticketStatus=pending')).travels)).toEqual([3]);
  });

  it('pages by index: offset × limit on, with the same total; the pages join into the whole list', async () => {
    const pages = await Promise.all([0, 1, 2, 3, 4].map((offset) => list(`limit=2&offset=${offset}`)));
    expect(pages.map((p) => p.travels.length)).toEqual([2, 2, 2, 2, 1]);
    expect(pages.every((p) => p.total === LISTED.length)).toBe(true);
    expect(pages.flatMap((p) => indexes(p.travels))).toEqual(byStartDesc(LISTED));
    expect(await list('limit=2&offset=5')).toMatchObject({ travels: [], total: LISTED.length, offset: 5 });
  });

  it('sorts by start date ascending, and by status (issued, pending, approval, error, cancelled), newest first within one', async () => {
    expect(indexes((await list('sortBy=startDate&orderBy=asc')).travels)).toEqual(byStartDesc(LISTED).reverse());
    const byStatus = indexes((await list('sortBy=status')).travels);
    expect(byStatus).toEqual([...byStartDesc([0, 1, 6, 10]), 3, 2, ...byStartDesc([4, 5, 11])]);
    expect(indexes((await list('sortBy=status&orderBy=desc')).travels)).toEqual([...byStartDesc([4, 5, 11]), 2, 3, ...byStartDesc([0, 1, 6, 10])]);
  });

  it('tells the archives (ended before now, by the server’s clock) from the travels still to come', async () => {
    expect(indexes((await list('passed=true')).travels)).toEqual(byStartDesc([4, 6]));
    expect(indexes((await list('passed=false')).travels)).toEqual(byStartDesc([0, 1, 2, 3, 5, 10, 11]));
    api.clock.advance(31 * 86_400_000);
    try {
      // A month on, the trips of the first days have ended too.
      expect(indexes((await list('passed=true', await api.login('gus'))).travels)).toEqual(byStartDesc([0, 1, 2, 3, 4, 6, 10, 11]));
    } finally {
      api.clock.advance(-31 * 86_400_000);
    }
  });

  it('refuses bad parameters with 17 (request format invalid), nothing listed', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'offset=-1',
      'offset=1.5',
      'sortBy=price',
      'orderBy=up',
      'travelStatus=booked',
      'ticketStatus=nope',
      'travelStatusBlacklist=cart',
      'passed=yes',
    ]) {
      const res = await api.call('GET', `/api/v1/v2/travels/?${query}`, { token: gus });
      expect(res.status, query).toBe(400);
      expect(res.body.api_code, query).toBe(17);
    }
    expect((await api.call('GET', '/api/v1/v2/travels/?limit=10', {})).status).toBe(401);
  });

  it('keeps the full resources without the beta parameters (the cart’s ?status=cart)', async () => {
    const res = await api.call('GET', '/api/v1/v2/travels/?status=cart', { token: gus });
    expect(res.status).toBe(200);
    expect(res.body.result.travels.map((t: { id: string }) => t.id)).toEqual([ids[8]]);
    expect(res.body.result.travels[0].links.getTravel).toBeDefined();
    expect(res.body.result.total).toBeUndefined();
  });
});

describe('travels.starts_at / ends_at', () => {
  it('follow the products whichever code writes them (the cart’s add, a product removed)', async () => {
    const body = { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-30T07:00', nb_travelers: 1, filters: { rail: true, flight: false } };
    const search = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token: gus });
    const offer = (search.body.result.proposals as { offers: { id: string; roundTrip: boolean }[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
    const fields = {
      gender: 'MR',
      firstname: 'Gus',
      lastname: 'Moreau',
      birthdate: '1980-01-02',
      contact_email: 'gus@globex.example',
      contact_phone: '0601020304',
    };
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields }] },
      token: gus,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const travelId = added.body.result.travel.id as string;
    const [product] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, travelId));
    const [row] = await api.db.select().from(travels).where(eq(travels.id, travelId));
    expect(row!.startsAt).toEqual(product!.startsAt);
    expect(row!.endsAt).toEqual(product!.endsAt);
    await api.db.delete(travelProducts).where(eq(travelProducts.travelId, travelId));
    const [emptied] = await api.db.select().from(travels).where(eq(travels.id, travelId));
    expect(emptied!.startsAt).toBeNull();
  });
});
