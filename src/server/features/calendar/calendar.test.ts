import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { gusBookedTravel, gusCartTravel } from '@test/factories/booked-travel';
import { components, instantOf, parseIcs, prop, text, type IcsComponent } from '@test/support/ics';
import { calendarSubscriptions, idempotencyKeys, travelProducts } from '@server/db/schema';
import { sha256 } from '@server/platform/secrets';
import { FEED_RATE_LIMIT } from './routes';
import type { TripData } from '@server/domain/product';

/**
 * Calendar: a booked travel's .ics (its `calendar` link), and the private feed behind a
 * secret, revocable address — both parsed as a calendar app reads them.
 */

let api: Api;
let gus: string;
let alice: string;
beforeAll(async () => {
  api = await startApi();
  [gus, alice] = await Promise.all([api.login('gus'), api.login('alice')]);
});
afterAll(() => api.close());

async function productsOf(travelId: string) {
  return api.db.select().from(travelProducts).where(eq(travelProducts.travelId, travelId)).orderBy(asc(travelProducts.startsAt));
}

/** Every VEVENT is one booked leg: UID, DTSTART/DTEND in the station's zone (TZID + VTIMEZONE), summary, location, references. */
async function expectLegs(cal: IcsComponent, travelIds: string[], lang: 'fr' | 'en', status = 'CONFIRMED') {
  const products = (await Promise.all(travelIds.map(productsOf))).flat();
  const legs = products.flatMap((p) => (p.data as TripData).journey.sections.map((section, index) => ({ p, section, index })));
  const events = components(cal, 'VEVENT');
  expect(events.map((e) => text(e, 'UID')).sort()).toEqual(legs.map(({ p, index }) => `${p.id}.${index}@escale`).sort());
  for (const { p, section, index } of legs) {
    const event = events.find((e) => text(e, 'UID') === `${p.id}.${index}@escale`)!;
    expect(text(event, 'STATUS')).toBe(status);
    const start = prop(event, 'DTSTART')!;
    const end = prop(event, 'DTEND')!;
    expect(start.params.TZID).toBe(section.from.tz);
    expect(end.params.TZID).toBe(section.to.tz);
    // The station's own wall clock, and the instant it stands for through the calendar's VTIMEZONE.
    expect(start.value).toBe(section.departure.slice(0, 19).replace(/[-:]/g, ''));
    expect(instantOf(cal, start).getTime()).toBe(Date.parse(section.departure));
    expect(instantOf(cal, end).getTime()).toBe(Date.parse(section.arrival));
    expect(text(event, 'SUMMARY')).toContain(`${section.from.city} → ${section.to.city}`);
    expect(text(event, 'SUMMARY')).toContain(section.transport.number);
    expect(text(event, 'LOCATION')).toBe(section.from.name);
    const description = text(event, 'DESCRIPTION')!;
    expect(description).toContain(`${section.from.name} → ${section.to.name}`);
    expect(description).toContain(lang === 'fr' ? `Référence (PNR) : ${p.pnr}` : `Reference (PNR): ${p.pnr}`);
    for (const ticket of p.data.booking!.tickets) expect(description).toContain(`${lang === 'fr' ? 'Billet' : 'Ticket'} ${ticket.number} (Gus Moreau)`);
    const seat = p.data.booking!.seats.find((s) => s.section === index);
    if (seat)
      expect(description).toContain(
        lang === 'fr' ? `voiture ${seat.coachNumber}, place ${seat.seatNumber}` : `coach ${seat.coachNumber}, seat ${seat.seatNumber}`,
      );
  }
  return events;
}

/** A calendar file as a calendar app receives it: every line folded at 75 octets, CRLF only. */
function parsed(body: string): IcsComponent {
  for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  return parseIcs(body);
}

const feedPath = (url: string) => new URL(url.replace(/^webcal:/, 'http:')).pathname;
/** A calendar app reading the feed: no Api-Key, no session. */
const readFeed = (url: string, remoteAddress?: string) => api.call('GET', feedPath(url), { apiKey: null, remoteAddress });

describe('a travel’s .ics', () => {
  it('downloads the legs of a booked travel with their zones, stations, PNR, tickets and seats, in the reader’s language', async () => {
    const travel = await gusBookedTravel(api, gus);
    expect(travel.links.calendar).toEqual({ href: `/api/v1/v2/travels/${travel.id}/calendar.ics`, method: 'GET' });
    const res = await api.call('GET', travel.links.calendar!.href, { token: gus });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="voyage-${travel.id.slice(0, 8)}.ics"`);
    const cal = parsed(res.body as string);
    expect(text(cal, 'METHOD')).toBe('PUBLISH');
    await expectLegs(cal, [travel.id], 'fr');

    const en = await api.call('GET', travel.links.calendar!.href, { token: gus, headers: { 'accept-language': 'en' } });
    await expectLegs(parsed(en.body as string), [travel.id], 'en');
  });

  it('is not offered for a travel still in the cart, nor readable by someone else', async () => {
    const cart = await gusCartTravel(api, gus);
    expect(cart.links.calendar).toBeUndefined();
    const notBooked = await api.call('GET', `/api/v1/v2/travels/${cart.id}/calendar.ics`, { token: gus });
    expect([notBooked.status, notBooked.body.api_code]).toEqual([404, 38]);

    const booked = await gusBookedTravel(api, gus);
    const other = await api.call('GET', booked.links.calendar!.href, { token: alice });
    expect([other.status, other.body.api_code]).toEqual([404, 38]);
    const anonymous = await api.call('GET', booked.links.calendar!.href);
    expect(anonymous.status).toBe(401);
  });
});

describe('the private calendar feed', () => {
  it('is made, rotated and revoked through its links; only the live secret address answers, without Api-Key or session', async () => {
    const booked = await gusBookedTravel(api, gus);
    const start = await api.call('GET', '/api/v1/calendar/subscription', { token: gus });
    expect(start.status).toBe(200);
    expect(start.body.result).toEqual({
      active: false,
      createdAt: null,
      url: null,
      httpsUrl: null,
      links: { subscribeCalendar: { href: '/api/v1/calendar/subscription', method: 'POST' } },
    });

    const made = await api.call('POST', start.body.result.links.subscribeCalendar.href, { token: gus, headers: { 'idempotency-key': 'subscribe-1' } });
    expect(made.status).toBe(200);
    const first = made.body.result;
    expect(first.active).toBe(true);
    expect(first.url).toMatch(/^webcal:\/\/localhost:\d+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.httpsUrl).toBe(first.url.replace('webcal://', 'http://'));
    expect(first.links.revokeCalendar).toEqual({ href: '/api/v1/calendar/subscription', method: 'DELETE' });
    // Stored hashed: no table holds the address's token, not even the Idempotency-Key's answer.
    const token = feedPath(first.url).slice('/calendar/'.length, -'.ics'.length);
    const [row] = await api.db.select().from(calendarSubscriptions);
    expect(row!.tokenHash).toBe(sha256(token));
    const kept = await api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'subscribe-1'));
    expect(kept).toHaveLength(1);
    expect(JSON.stringify(kept)).not.toContain(token);
    // A lost answer retried with the same key: no third address; the subscription as it is (an address
    // works, not shown again) with the link to make a new one.
    const replay = await api.call('POST', '/api/v1/calendar/subscription', { token: gus, headers: { 'idempotency-key': 'subscribe-1' } });
    expect(replay.status).toBe(200);
    expect(replay.body.result).toEqual({ ...first, url: null, httpsUrl: null });
    expect(await api.db.select().from(calendarSubscriptions)).toEqual([row]);
    // Read again later, the resource says an address works, without showing it.
    const later = (await api.call('GET', '/api/v1/calendar/subscription', { token: gus })).body.result;
    expect([later.active, later.url, later.createdAt]).toEqual([true, null, first.createdAt]);

    const feed = await readFeed(first.url);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    // Every upcoming booked leg of gus: this test's travel and the earlier ones of this file.
    const mine = (await api.db.select({ travelId: travelProducts.travelId, status: travelProducts.status }).from(travelProducts)).filter(
      (p) => p.status === 'booked',
    );
    const travelIds = [...new Set(mine.map((p) => p.travelId))];
    expect(travelIds).toContain(booked.id);
    await expectLegs(parsed(feed.body as string), travelIds, 'fr');

    const rotated = (await api.call('POST', '/api/v1/calendar/subscription', { token: gus, headers: { 'idempotency-key': 'subscribe-2' } })).body.result;
    expect(rotated.url).not.toBe(first.url);
    const old = await readFeed(first.url);
    expect([old.status, old.body.api_code]).toEqual([404, 100]);
    expect((await readFeed(rotated.url)).status).toBe(200);

    const revoked = await api.call('DELETE', rotated.links.revokeCalendar.href, { token: gus, headers: { 'idempotency-key': 'revoke-1' } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result).toMatchObject({ active: false, url: null, links: { subscribeCalendar: expect.any(Object) } });
    expect(revoked.body.result.links.revokeCalendar).toBeUndefined();
    expect((await readFeed(rotated.url)).status).toBe(404);
    expect((await readFeed('webcal://x/calendar/not-a-token.ics')).status).toBe(404);
  });

  it('shows cancelled legs as cancelled, leaves out legs already over, and speaks its owner’s language', async () => {
    const travel = await gusBookedTravel(api, gus, '2026-11-25T07:00');
    const sub = (await api.call('POST', '/api/v1/calendar/subscription', { token: gus, headers: { 'idempotency-key': 'subscribe-3' } })).body.result;
    const [product] = await productsOf(travel.id);
    await api.db.update(travelProducts).set({ status: 'cancelled' }).where(eq(travelProducts.id, product!.id));
    const cal = parsed((await readFeed(sub.url)).body as string);
    const event = components(cal, 'VEVENT').find((e) => text(e, 'UID') === `${product!.id}.0@escale`)!;
    expect(text(event, 'STATUS')).toBe('CANCELLED');
    expect(text(event, 'SUMMARY')).toMatch(/^Annulé : /);

    // Two days later every leg of this file has arrived: the feed is empty (a calendar without events).
    api.clock.advance(5 * 24 * 3_600_000);
    const empty = parsed((await readFeed(sub.url)).body as string);
    expect(components(empty, 'VEVENT')).toHaveLength(0);
  });

  it('builds its address from PUBLIC_URL, never from the request’s Host', async () => {
    const other = await startApi({ publicUrl: 'https://voyages.example.com' });
    try {
      const token = await other.login('gus');
      const made = await other.call('POST', '/api/v1/calendar/subscription', {
        token,
        headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
      });
      expect(made.body.result.url).toMatch(/^webcal:\/\/voyages\.example\.com\/calendar\/[A-Za-z0-9_-]+\.ics$/);
      expect(made.body.result.httpsUrl).toMatch(/^https:\/\/voyages\.example\.com\/calendar\//);
    } finally {
      await other.close();
    }
  });

  it('limits how often one address may read feeds', async () => {
    gus = await api.login('gus'); // the clock moved past the session's lifetime
    const sub = (await api.call('POST', '/api/v1/calendar/subscription', { token: gus, headers: { 'idempotency-key': 'subscribe-4' } })).body.result;
    const statuses: number[] = [];
    for (let i = 0; i <= FEED_RATE_LIMIT; i++) statuses.push((await readFeed(sub.url, '10.1.2.3')).status);
    expect(statuses.slice(0, FEED_RATE_LIMIT).every((s) => s === 200)).toBe(true);
    const limited = await readFeed(sub.url, '10.1.2.3');
    expect([limited.status, limited.body.api_code]).toEqual([429, 104]);
    // Another client is not limited by it.
    expect((await readFeed(sub.url, '10.1.2.4')).status).toBe(200);
  });
});
