import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobServices, startApi, type Api, writeMissionOrders } from '@test/support/api';
import { components, instantOf, parseIcs, prop, text, type IcsComponent } from '@test/support/ics';
import { JOB_HANDLERS } from '../app';
import { loadConfig } from '../config';
import { companies, idempotencyKeys, outbox, travelProducts, travels } from '../db/schema';
import { ACME_CHECKOUT } from '../db/seed';
import { answer, approvalWorld, askApproval } from '../features/approvals/approvals.fixtures';
import { runDueJobs } from '../platform/jobs';
import { sha256 } from '../platform/secrets';
import type { Services } from '../platform/services';
import type { TripData } from '../domain/product';

/**
 * The booking's e-mails (held, booked, issued, released, expired) as their
 * recipients read them — subject, language, plain text, and the attached calendar parsed back.
 */

let api: Api;
let services: Services;
let gus: string;
beforeAll(async () => {
  api = await startApi();
  services = jobServices(api);
  gus = await api.login('gus');
});
afterAll(() => api.close());

const runJobs = () => runDueJobs(services, JOB_HANDLERS);
const travelUrl = (id: string) => `/api/v1/v2/travels/${id}`;
const origin = `http://localhost:${loadConfig({ NODE_ENV: 'test' }).port}`;

type ShownProduct = {
  id: string;
  pnr: string;
  departure: string;
  ticketsByPax: { tickets: { reference: string }[] }[];
  [key: string]: unknown;
};

/** The e-mails to an address about a travel (its products' legs are in the calendar), oldest first. */
async function mailsTo(email: string, travelId: string) {
  const [product] = await api.db.select({ id: travelProducts.id }).from(travelProducts).where(eq(travelProducts.travelId, travelId)).limit(1);
  return api.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), sql`${outbox.attachments}::text like ${`%${product!.id}%`}`))
    .orderBy(asc(outbox.createdAt));
}

/** The mail's single .ics attachment, parsed. */
function calendarOf(mail: typeof outbox.$inferSelect): IcsComponent {
  expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
    [expect.stringMatching(/^(voyage|trip)\.ics$/), 'text/calendar; charset=utf-8; method=PUBLISH'],
  ]);
  const ics = mail.attachments[0]!.content;
  for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  return parseIcs(ics);
}

const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
type Offer = { id: string; roundTrip: boolean };

async function search(token: string, extra: Record<string, unknown> = {}) {
  const body = {
    origin: 'city:paris',
    destination: 'city:lyon',
    datetime: '2026-11-23T07:00',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
    ...extra,
  };
  const res = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token });
  expect(res.status).toBe(200);
  return (res.body.result.proposals as { offers: Offer[] }[]).flatMap((p) => p.offers).filter((o) => !o.roundTrip);
}

/** A Globex travel (no approval) with its mission orders filled: its next step is confirm. */
async function gusTravel() {
  const [offer] = await search(gus);
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer!.id], travelers: [{ travelerID: 1, fields: gusFields }] },
    token: gus,
  });
  expect(added.status).toBe(200);
  const id = added.body.result.travel.id as string;
  await writeMissionOrders(api.db, id);
  return (await api.call('GET', travelUrl(id), { token: gus })).body.result as { id: string; version: number; links: Record<string, { href: string }> };
}

const post = (url: string, token: string, opts: { body?: Record<string, unknown>; key?: string; lang?: string } = {}) =>
  api.call('POST', url, {
    token,
    body: opts.body ?? {},
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });

/** The stored legs of a travel's products (the supplier's journey), to compare the e-mails with. */
async function legsOf(travelId: string) {
  const rows = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, travelId)).orderBy(asc(travelProducts.startsAt));
  return rows.flatMap((p) => (p.data as TripData).journey.sections.map((s, i) => ({ productId: p.id, index: i, section: s })));
}

/** Every VEVENT of a calendar matches a leg: UID, zone, local wall time, instant, summary, location. */
function expectLegs(cal: IcsComponent, legs: Awaited<ReturnType<typeof legsOf>>, status: string, sequence: number) {
  const events = components(cal, 'VEVENT');
  expect(events).toHaveLength(legs.length);
  for (const [i, { productId, index, section }] of legs.entries()) {
    const event = events[i]!;
    expect(text(event, 'UID')).toBe(`${productId}.${index}@escale`);
    expect(text(event, 'STATUS')).toBe(status);
    expect(text(event, 'SEQUENCE')).toBe(String(sequence));
    const start = prop(event, 'DTSTART')!;
    // The station's own wall-clock time: the ISO local part the supplier gave (e.g. 07:09 in Paris).
    expect(start.params.TZID).toBe(section.from.tz);
    expect(start.value).toBe(section.departure.slice(0, 19).replace(/[-:]/g, ''));
    expect(instantOf(cal, start).getTime()).toBe(Date.parse(section.departure));
    expect(instantOf(cal, prop(event, 'DTEND')!).getTime()).toBe(Date.parse(section.arrival));
    expect(text(event, 'SUMMARY')).toBe(`${section.from.city} → ${section.to.city} ${section.transport.carrier.name} ${section.transport.number}`);
    expect(text(event, 'LOCATION')).toBe(section.from.name);
  }
}

describe('booking e-mails', () => {
  it('confirms a booking to the booker, a colleague in English and a guest, once each; then sends the tickets', async () => {
    // Acme without approval, so Alice books directly for herself, Bob (signed in in English) and her guest Jean.
    await api.db
      .update(companies)
      .set({ checkoutRules: { ...ACME_CHECKOUT, approval: 'never', chooseApprover: false } })
      .where(eq(companies.name, 'Acme Industries'));
    const alice = await api.login('alice');
    const bobToken = (
      await api.call('POST', '/api/v1/user/login', { body: { username: 'bob', password: 'Escale2026!' }, headers: { 'accept-language': 'en' } })
    ).body.result.token;
    const bob = (await api.call('GET', '/api/v1/user/', { token: bobToken })).body.result;
    const me = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result;
    const jean = (await api.call('GET', '/api/v1/user/guests?query=jean', { token: alice })).body.result[0];
    const picks = [{ id: 1 }, { id: 2, profile_id: bob.uid }, { id: 3, guest_id: jean.uid }];
    const [offer] = await search(alice, { nb_travelers: 3, travelers: picks });
    const person = (firstname: string, lastname: string, gender: string) => ({
      gender,
      firstname,
      lastname,
      birthdate: '1985-05-05',
      contact_email: 'alice@acme.example',
      contact_phone: '0601020304',
    });
    const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
      token: alice,
      body: {
        choiceIDs: [offer!.id],
        entity_id: me.entities[0].uid,
        travelers: [
          { travelerID: 1, fields: person('Alice', 'Martin', 'MS') },
          { travelerID: 2, profile_id: bob.uid, fields: person('Bob', 'Durand', 'MR') },
          { travelerID: 3, guest_id: jean.uid, fields: person('Jean', 'Dupont', 'MR') },
        ],
      },
    });
    expect(added.status, JSON.stringify(added.body).slice(0, 300)).toBe(200);
    const id = added.body.result.travel.id as string;
    await api.db
      .update(travels)
      .set({ analytics: { fields: { cost_center: 'R&D' }, travelers: {}, exemption: 'Only train left' } })
      .where(eq(travels.id, id));
    const travel = (await api.call('GET', travelUrl(id), { token: alice })).body.result;
    expect(travel.links.confirm, JSON.stringify(travel.links)).toBeDefined();

    const key = `confirm-mails-${id}`;
    const res = await post(travel.links.confirm.href, alice, { key });
    expect(res.status).toBe(200);
    const [product] = res.body.result.products as ShownProduct[];
    // The same intent again (a lost answer): replayed, nothing sent twice.
    const replayed = await post(travel.links.confirm.href, alice, { key });
    expect([replayed.status, replayed.body]).toEqual([res.status, res.body]);

    const legs = await legsOf(id);
    const [first] = legs;
    const departure = first!.section.departure.slice(11, 16);
    const toAlice = await mailsTo('alice@acme.example', id);
    const toBob = await mailsTo(bob.email, id);
    const toJean = await mailsTo('jean.dupont@partner.example', id);
    expect([toAlice.length, toBob.length, toJean.length]).toEqual([1, 1, 1]);

    const [fr] = toAlice;
    expect(fr!.subject).toBe(`Escale Voyages : réservation confirmée – Paris → Lyon, lun. 23/11`);
    expect(fr!.text).toContain('Bonjour Alice,');
    expect(fr!.text).toContain('Votre voyage est réservé.');
    expect(fr!.text).toContain('lundi 23 novembre 2026');
    expect(fr!.text).toContain(`${departure} ${first!.section.from.name} → ${first!.section.arrival.slice(11, 16)} ${first!.section.to.name}, TGV`);
    expect(fr!.text).toContain('Voyageurs : Alice Martin, Bob Durand, Jean Dupont');
    expect(fr!.text).toContain(`Référence (PNR) : ${product!.pnr}`);
    for (const ticket of product!.ticketsByPax.flatMap((p) => p.tickets)) expect(fr!.text).toContain(`Billet ${ticket.reference}`);
    expect(fr!.text).toMatch(/Prix total : \d+,\d\d\s€/);
    expect(fr!.text).toContain(`Voir le voyage : ${origin}/travel-view?travel=${id}`);
    expectLegs(calendarOf(fr!), legs, 'CONFIRMED', 1);

    const [en] = toBob;
    expect(en!.subject).toBe('Escale Voyages: booking confirmed – Paris → Lyon, Mon 23/11');
    expect(en!.text).toContain('Hello Bob,');
    expect(en!.text).toContain('Alice Martin booked this travel for you.');
    expect(en!.text).toContain('Monday, 23 November 2026');
    expect(en!.text).toContain(`Reference (PNR): ${product!.pnr}`);
    expect(en!.text).toMatch(/Total price : €\d+\.\d\d/);
    // Only the booker can open the travel in the app.
    expect(en!.text).not.toContain('/travel-view');
    expect(en!.attachments[0]!.filename).toBe('trip.ics');
    expectLegs(calendarOf(en!), legs, 'CONFIRMED', 1);
    // A guest has no language of their own: the booker's.
    expect(toJean[0]!.subject).toContain('réservation confirmée');

    // Ticketing: pending, then issued, with one e-mail each (running the job again sends nothing).
    api.clock.advance(60_000);
    await runJobs();
    api.clock.advance(5 * 60_000);
    await runJobs();
    await runJobs();
    const issued = await mailsTo(bob.email, id);
    expect(issued).toHaveLength(2);
    expect(issued[1]!.subject).toBe('Escale Voyages: tickets issued – Paris → Lyon, Mon 23/11');
    expect(issued[1]!.text).toContain('Your tickets are issued.');
    for (const ticket of product!.ticketsByPax.flatMap((p) => p.tickets)) expect(issued[1]!.text).toContain(`Ticket ${ticket.reference}`);
    expectLegs(calendarOf(issued[1]!), legs, 'CONFIRMED', 2);
    expect((await mailsTo('alice@acme.example', id)).map((m) => m.subject)).toEqual([fr!.subject, 'Escale Voyages : billets émis – Paris → Lyon, lun. 23/11']);
  });

  it('confirms a travel booked once its approver said yes, in one e-mail that the jobs running after it do not repeat', async () => {
    await api.db.update(companies).set({ checkoutRules: ACME_CHECKOUT }).where(eq(companies.name, 'Acme Industries'));
    const world = await approvalWorld(api);
    const asked = await askApproval(api, world, { backup: false });
    // Held for an approver: the approvals' own e-mails tell of it, not an "option held".
    expect(await mailsTo('alice@acme.example', asked.travelId)).toHaveLength(0);
    const approved = await answer(api, world.bob.token, asked.approvalId, 'approve');
    expect(approved.status).toBe(200);
    api.clock.advance(10_000);
    await runJobs();
    const mails = await mailsTo('alice@acme.example', asked.travelId);
    expect(mails.map((m) => m.subject)).toEqual(['Escale Voyages : réservation confirmée – Paris → Lyon, lun. 23/11']);
    expect(mails[0]!.text).toContain(`Voir le voyage : ${origin}/travel-view?travel=${asked.travelId}`);
    expectLegs(calendarOf(mails[0]!), await legsOf(asked.travelId), 'CONFIRMED', 1);
  });

  it('tells of a held option with its deadline in a named zone, then of its expiry', async () => {
    const travel = await gusTravel();
    const held = await post(travel.links.confirm!.href, gus, { body: { hold: true } });
    expect(held.status).toBe(200);
    const limit = new Date(held.body.result.confirmationTimeLimit);
    const [mail, ...more] = await mailsTo('gus@globex.example', travel.id);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Escale Voyages : option posée – Paris → Lyon, lun. 23/11');
    // The departure is 07:xx in Paris on the 23rd; the option ends two hours earlier, named with its zone.
    const until = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(limit);
    expect(mail!.text).toContain(`Option valable jusqu’au : lundi 23 novembre 2026 à ${until} heure normale d’Europe centrale`);
    expect(mail!.text).toContain(`Référence de l’option : ${held.body.result.products[0].pnr}`);
    expect(mail!.text).toContain(`${origin}/travel-view?travel=${travel.id}`);
    const legs = await legsOf(travel.id);
    expectLegs(calendarOf(mail!), legs, 'TENTATIVE', 0);

    const before = api.clock.now();
    try {
      api.clock.set(new Date(limit.getTime() + 1_000));
      await runJobs();
      await runJobs();
    } finally {
      api.clock.set(before);
    }
    const after = await mailsTo('gus@globex.example', travel.id);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe('Escale Voyages : option expirée – Paris → Lyon, lun. 23/11');
    expect(after[1]!.text).toContain('n’a pas été confirmée à temps');
    // The travel is no longer in the app: the way on is a new search.
    expect(after[1]!.text).not.toContain('/travel-view');
    expect(after[1]!.text).toContain(`Réserver un autre voyage : ${origin}/`);
    expectLegs(calendarOf(after[1]!), legs, 'CANCELLED', 3);
  });

  it('tells of a released option, in English for a user who signed in in English', async () => {
    const english = (await api.call('POST', '/api/v1/user/login', { body: { username: 'gus', password: 'Escale2026!' }, headers: { 'accept-language': 'en' } }))
      .body.result.token;
    const travel = await gusTravel();
    const held = (await post(travel.links.confirm!.href, english, { body: { hold: true } })).body.result;
    const res = await post(held.products[0].links.releasePrebooking.href, english, { key: `release-${travel.id}` });
    expect(res.status).toBe(200);
    const replayed = await post(held.products[0].links.releasePrebooking.href, english, { key: `release-${travel.id}` });
    expect([replayed.status, replayed.body]).toEqual([res.status, res.body]);
    const mails = await mailsTo('gus@globex.example', travel.id);
    expect(mails.map((m) => m.subject)).toEqual([
      'Escale Voyages: option held – Paris → Lyon, Mon 23/11',
      'Escale Voyages: option released – Paris → Lyon, Mon 23/11',
    ]);
    expect(mails[0]!.text).toMatch(/Option held until : Monday, 23 November 2026 at \d\d:\d\d Central European Standard Time/);
    expect(mails[1]!.text).toContain('The option on this trip was released');
    expect(mails[1]!.text).toContain(`Option reference: ${held.products[0].pnr}`);
    expectLegs(calendarOf(mails[1]!), await legsOf(travel.id), 'CANCELLED', 3);
    // The dev mailbox lists the attachments by name.
    const [newest] = (await api.call('GET', '/dev/mailbox.json?to=gus%40globex.example', { apiKey: null })).body.result;
    expect(newest).toMatchObject({
      subject: mails[1]!.subject,
      attachments: [{ filename: 'trip.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    });
    expect((await api.call('GET', '/dev/mailbox', { apiKey: null })).body).toContain('Pièces jointes : trip.ics');
    await api.login('gus'); // back to French for the other tests
  });

  it('writes no e-mail for a confirm that lost the race, nor for one re-run after a crash left its key pending', async () => {
    const travel = await gusTravel();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(travel.links.confirm!.href, gus, { key: `race-${i}-${travel.id}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await mailsTo('gus@globex.example', travel.id)).toHaveLength(1);

    // A committed confirm run again under a key left pending without its answer: it is refused, and e-mails nothing more.
    const key = `crashed-${travel.id}`;
    const [owner] = await api.db.select({ userId: travels.userId }).from(travels).where(eq(travels.id, travel.id));
    await api.db.insert(idempotencyKeys).values({
      userId: owner!.userId,
      key,
      requestHash: sha256(`POST ${travel.links.confirm!.href} {}`),
      status: 'pending',
      leaseUntil: new Date(Date.now() - 1_000),
    });
    const retried = await post(travel.links.confirm!.href, gus, { key });
    expect(retried.status).toBe(409);
    expect(await mailsTo('gus@globex.example', travel.id)).toHaveLength(1);
  });
});
