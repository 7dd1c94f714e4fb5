import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { createSandboxSupplier } from '@server/supplier';
import type { TripQuery } from '@server/supplier/types';

let api: Api;
const sandbox = createSandboxSupplier();
/** Trains per rail answer, to play a route with few trains (null: the sandbox's whole answer). */
let trainsPerAnswer: number | null = null;
const railQueries: TripQuery[] = [];
const supplier = {
  ...sandbox,
  rail: {
    async journeys(query: TripQuery) {
      railQueries.push(query);
      const all = await sandbox.rail.journeys(query);
      return trainsPerAnswer === null ? all : all.slice(0, trainsPerAnswer);
    },
  },
};
beforeAll(async () => {
  api = await startApi({}, { supplier });
});
afterAll(() => api.close());

const body = (extra: Record<string, unknown> = {}) => ({
  origin: 'city:paris',
  destination: 'city:lyon',
  datetime: '2026-11-23T07:00',
  represents: 'departure',
  nb_travelers: 1,
  travelers: [{ id: 1, age_cat: '30-59' }],
  filters: { rail: true, flight: false },
  ...extra,
});
const search = (b: Record<string, unknown>, token?: string) => api.call('POST', '/api/v1/treep/search?version=v2', { body: b, token });
type Proposal = {
  id: string;
  type: string;
  departure: string;
  arrival: string;
  transitCount: number;
  co2Emission: number;
  choices: { id: string; cabin: string; price: number | null; links: Record<string, { href: string; method: string }> }[];
  offers: { id: string; price: number; flexibility: number; links: Record<string, { href: string; method: string }> }[];
};

describe('POST /treep/search', () => {
  it('takes a traveller’s birthdate only as an ISO date from 1900 to yesterday, naming the field', async () => {
    for (const [birthdate, key] of [
      ['17/05/1990', 'VALID_DATE'],
      ['1990-02-30', 'VALID_DATE'],
      ['1899-12-31', 'NOT_THAT_OLD'],
      ['2026-11-22', 'TOO_YOUNG'],
    ]) {
      const res = await search(body({ travelers: [{ id: 1, birthdate }] }));
      expect(res.status, birthdate).toBe(400);
      expect(res.body).toMatchObject({ api_code: 17, fields: { 'travelers.0.birthdate': key } });
    }
    expect((await search(body({ travelers: [{ id: 1, birthdate: '1990-05-17' }] }))).status).toBe(200);
  });

  it('answers Paris → Lyon by train tomorrow morning, leaving after 07:00, with choices, offers and CO2', async () => {
    const res = await search(body());
    expect(res.status).toBe(200);
    const { proposals, places, links, leg } = res.body.result as {
      proposals: Proposal[];
      places: { from: { name: string } };
      links: Record<string, unknown>;
      leg: string;
    };
    expect(leg).toBe('outward');
    expect(places.from.name).toBe('Paris');
    expect(proposals.length).toBeGreaterThanOrEqual(5);
    for (const p of proposals) {
      expect(p.type).toBe('rail');
      expect(p.departure >= '2026-11-23T07:00').toBe(true);
      expect(p.co2Emission).toBeGreaterThan(0);
      expect(p.choices.map((c) => c.cabin)).toEqual(['second', 'first']);
    }
    expect(links.next).toEqual({ href: '/api/v1/treep/next', method: 'POST' });
    // The same search again gives the same trains.
    const again = await search(body());
    expect(again.body.result.proposals.map((p: Proposal) => p.departure)).toEqual(proposals.map((p) => p.departure));
  });

  it('loads more choices and fare conditions through the links it hands out', async () => {
    const proposals = (await search(body())).body.result.proposals as Proposal[];
    const choice = proposals.flatMap((p) => p.choices).find((c) => c.links.getMoreChoices)!;
    expect(choice).toBeDefined();
    const more = await api.call('GET', choice.links.getMoreChoices!.href);
    expect(more.status).toBe(200);
    expect(more.body.result.offers.length).toBeGreaterThan(proposals.find((p) => p.choices.includes(choice))!.offers.length);
    const offer = more.body.result.offers[0];
    const conditions = await api.call('GET', offer.links.fullfareConditions.href);
    expect(conditions.status).toBe(200);
    expect(conditions.body.result.text.length).toBeGreaterThan(10);
  });

  describe('next and previous pages', () => {
    type Paged = Proposal & { sections: { transportNumber: string }[] };
    /** A journey's identity across searches: its departure and its trains or flights. */
    const key = (p: { departure: string; sections: { transportNumber: string }[] }) => `${p.departure} ${p.sections.map((s) => s.transportNumber).join('+')}`;
    const of = (proposals: Paged[], type: string) => proposals.filter((p) => p.type === type);
    /** What the sandbox itself lists from the local time of `iso` (leaving at or after it, or at or before it). */
    async function sandboxFrom(iso: string, type: string, represents: 'departure' | 'departure-before') {
      const query: TripQuery = {
        origin: sandbox.places.byId('city:paris', 'fr')!,
        destination: sandbox.places.byId('city:lyon', 'fr')!,
        datetime: iso.slice(0, 16),
        represents,
        passengers: 1,
        customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
        lang: 'fr',
        withReturn: false,
        now: api.clock.now(),
      };
      const journeys = type === 'rail' ? await sandbox.rail.journeys(query) : await sandbox.flight.itineraries(query);
      return journeys.map((j) => `${j.departure} ${j.sections.map((s) => s.transport.number).join('+')}`);
    }

    it('continues each transport exactly after its last departure shown, then exactly before the first', async () => {
      const first = (await search(body({ filters: { rail: true, flight: true } }))).body.result;
      const page1 = first.proposals as Paged[];
      expect(of(page1, 'rail').length).toBeGreaterThan(0);
      expect(of(page1, 'flight').length).toBeGreaterThan(0);

      const next = await api.call('POST', '/api/v1/treep/next', { body: { searchID: first.searchID } });
      expect(next.status).toBe(200);
      const page2 = next.body.result.proposals as Paged[];
      for (const type of ['rail', 'flight']) {
        const last = of(page1, type).at(-1)!;
        const shown = new Set(of(page1, type).map(key));
        // Every journey the sandbox has from the last one shown, minus those already shown: none skipped.
        const expected = (await sandboxFrom(last.departure, type, 'departure')).filter((k) => !shown.has(k));
        expect(of(page2, type).map(key)).toEqual(expected);
        expect(expected.length).toBeGreaterThan(0);
      }

      const previous = await api.call('POST', '/api/v1/treep/previous', { body: { searchID: next.body.result.searchID } });
      expect(previous.status).toBe(200);
      const page0 = previous.body.result.proposals as Paged[];
      for (const type of ['rail', 'flight']) {
        // Right before the next page's first departure: the first page's last journeys, in order.
        const before = of(page0, type).map(key);
        expect(before.length).toBeGreaterThan(0);
        expect(before).toEqual(of(page1, type).map(key).slice(-before.length));
      }
    });

    it('keeps round-trip fares on the later trains of a round-trip search', async () => {
      const first = (await search(body({ destination: 'city:bordeaux', return_datetime: '2026-11-24T17:00' }))).body.result;
      const next = (await api.call('POST', '/api/v1/treep/next', { body: { searchID: first.searchID } })).body.result;
      expect(next.proposals.some((p: { hasRoundTripOffers: boolean }) => p.hasRoundTripOffers)).toBe(true);
    });
  });

  it('says why two stations of one city cannot be searched', async () => {
    const res = await search(body({ origin: 'station:8768600', destination: 'station:8739100', filters: { rail: true, flight: true } }));
    expect(res.status).toBe(400);
    expect(res.body.api_code).toBe(39);
    expect(res.body.fields).toEqual({ destination: 'SAME_CITY' });
    expect(res.body.errorMessage).toMatch(/^Paris Gare de Lyon et Paris Montparnasse sont dans la même ville \(Paris\) : aucun train ni vol ne les relie\./);
  });

  it('sums up every fare of each cabin, those not loaded yet included, for the filters', async () => {
    type Summed = Proposal['choices'][number] & { fareSummary: { flexibility: number; price: number; holdLuggage: boolean }[] };
    const { proposals } = (await search(body())).body.result as { proposals: { choices: Summed[] }[] };
    const choice = proposals.flatMap((p) => p.choices).find((c) => c.links.getMoreChoices)!;
    const more = (await api.call('GET', choice.links.getMoreChoices!.href)).body.result as { offers: { cabin: string; flexibility: number; price: number }[] };
    const all = more.offers.filter((o) => o.cabin === choice.cabin);
    expect(choice.fareSummary.map((f) => [f.flexibility, f.price])).toEqual(all.map((o) => [o.flexibility, o.price]));
    expect(choice.fareSummary.length).toBeGreaterThan(1);
  });

  describe('rail fall-back (spec 1 §4: fewer than 5 trains)', () => {
    const departures = (proposals: Proposal[]) => proposals.map((p) => p.departure);
    const play = async (perAnswer: number, extra: Record<string, unknown> = {}) => {
      trainsPerAnswer = perAnswer;
      railQueries.length = 0;
      try {
        return (await search(body(extra))).body.result as { proposals: Proposal[] };
      } finally {
        trainsPerAnswer = null;
      }
    };

    it('searches again after the last train until 5 are shown, in time order, each bookable', async () => {
      const { proposals } = await play(2);
      expect(railQueries).toHaveLength(3);
      expect(railQueries[1]!.datetime > '2026-11-23T07:00').toBe(true);
      expect(proposals).toHaveLength(6);
      expect(departures(proposals)).toEqual([...departures(proposals)].sort());
      expect(new Set(departures(proposals)).size).toBe(6);
      const last = proposals[5]!.offers[0]!;
      expect((await api.call('GET', last.links.fullfareConditions!.href)).status).toBe(200);
    });

    it('searches earlier trains for an "arrive before" search', async () => {
      const { proposals } = await play(2, { datetime: '2026-11-23T20:00', represents: 'arrival' });
      expect(proposals.length).toBeGreaterThanOrEqual(5);
      expect(proposals.every((p) => p.arrival <= '2026-11-23T20:00')).toBe(true);
      expect(departures(proposals)).toEqual([...departures(proposals)].sort());
    });

    it('asks at most twice more, and not at all with 5 trains', async () => {
      await play(1);
      expect(railQueries).toHaveLength(3);
      await play(5);
      expect(railQueries).toHaveLength(1);
    });
  });

  it('searches the return of a round trip with the outward choice, from the destination', async () => {
    const outward = (await search(body({ destination: 'city:bordeaux', return_datetime: '2026-11-24T17:00' }))).body.result;
    const choiceID = outward.proposals[0].choices[0].id;
    const res = await search(body({ destination: 'city:bordeaux', return_datetime: '2026-11-24T17:00', outward: { choiceID } }));
    expect(res.status).toBe(200);
    expect(res.body.result.leg).toBe('return');
    expect(res.body.result.places.from.name).toBe('Bordeaux');
    expect(res.body.result.proposals[0].departure >= '2026-11-24T17:00').toBe(true);
  });

  it('flies Paris → Nice from both Paris airports', async () => {
    const res = await search(body({ destination: 'city:nice', filters: { rail: false, flight: true } }));
    const proposals = res.body.result.proposals as (Proposal & { sections: { from: { ID: string } }[] })[];
    expect(proposals.length).toBeGreaterThan(0);
    expect(new Set(proposals.map((p) => p.sections[0]!.from.ID))).toEqual(new Set(['airport:CDG', 'airport:ORY']));
  });

  it.each([
    ['an unknown place', { destination: 'city:atlantis' }, 400, 39],
    ['identical places', { destination: 'city:paris' }, 400, 39],
    ['a date in the past', { datetime: '2026-11-01T08:00' }, 400, 17],
    ['10 passengers', { nb_travelers: 10 }, 400, 17],
    ['a malformed date', { datetime: '23/11/2026' }, 400, 17],
    ['a return before the outward', { return_datetime: '2026-11-22T07:00' }, 400, 17],
    ['no transport mode', { filters: { rail: false, flight: false } }, 400, 15],
    ['an unknown outward choice', { return_datetime: '2026-11-24T17:00', outward: { choiceID: 'nope~0~second' } }, 400, 16],
  ])('refuses %s with a clear api_code', async (_what, patch, status, code) => {
    const res = await search(body(patch));
    expect(res.status).toBe(status);
    expect(res.body.api_code).toBe(code);
  });

  it('names the day it cannot search, in the caller’s language: no such day, a past day, beyond the booking horizon', async () => {
    // Today is 2026-11-22 in Paris: the last bookable day is 365 days later.
    const refused = async (patch: Record<string, unknown>, lang = 'en') => {
      const res = await api.call('POST', '/api/v1/treep/search?version=v2', { body: body(patch), headers: { 'accept-language': lang } });
      expect(res.status).toBe(400);
      expect(res.body.api_code).toBe(17);
      return { fields: res.body.fields, message: res.body.errorMessage };
    };
    expect(await refused({ datetime: '2028-01-10T08:00' })).toEqual({
      fields: { datetime: 'DATE_BEYOND_HORIZON' },
      message: 'Date beyond the booking horizon: the last bookable day is 2027-11-22.',
    });
    expect((await refused({ datetime: '2027-11-23T08:00' }, 'fr')).message).toBe(
      'Date au-delà de l’horizon de réservation : le dernier jour réservable est le 2027-11-22.',
    );
    expect(await refused({ datetime: '2027-02-31T08:00' })).toEqual({ fields: { datetime: 'VALID_DATE' }, message: 'This date does not exist.' });
    expect(await refused({ datetime: '2026-11-21T08:00' })).toEqual({ fields: { datetime: 'ENTER_DATE_NOT_PASSED' }, message: 'This date is in the past.' });
    // A round trip whose return cannot be searched fails before its outward is chosen.
    expect((await refused({ return_datetime: '2028-01-10T08:00' })).fields).toEqual({ return_datetime: 'DATE_BEYOND_HORIZON' });
    expect((await search(body({ datetime: '2027-11-22T08:00' }))).status).toBe(200);
  });

  it("does not let another user follow a signed-in user's search links", async () => {
    const alice = await api.login('alice');
    const mine = (await search(body(), alice)).body.result;
    const gus = await api.login('gus');
    const res = await api.call('POST', '/api/v1/treep/next', { body: { searchID: mine.searchID }, token: gus });
    expect(res.status).toBe(404);
    const offer = await api.call('GET', `/api/v1/treep/offers/${encodeURIComponent(mine.proposals[0].offers[0].id)}/fare-conditions`, { token: gus });
    expect(offer.status).toBe(400);
    expect(offer.body.api_code).toBe(16);
  });

  it('searches from a company address for a signed-in employee', async () => {
    const alice = await api.login('alice');
    const res = await search(body({ origin: 'address:acme-lyon-plant', destination: 'city:paris' }), alice);
    expect(res.status).toBe(200);
    expect(res.body.result.proposals[0].sections[0].from.name).toMatch(/Lyon/);
    expect((await search(body({ origin: 'address:acme-lyon-plant', destination: 'city:paris' }))).body.api_code).toBe(39);
  });

  it('answers 504 code 110 when the supplier times out', async () => {
    supplier.setFault('timeout');
    try {
      const res = await search(body());
      expect(res.status).toBe(504);
      expect(res.body.api_code).toBe(110);
    } finally {
      supplier.setFault(null);
    }
  });
});

describe('compliance tags (spec 1 fare tags, under the company travel policy)', () => {
  type Tagged = {
    type: string;
    offers: { cabin: string; price: number; tags: string[] }[];
    choices: { cabin: string; links: Record<string, { href: string }> }[];
  };
  const verdicts = (proposals: Tagged[], cabin: string) =>
    proposals.flatMap((p) => p.offers.filter((o) => o.cabin === cabin)).map((o) => o.tags.filter((t) => t === 'compliant' || t === 'not-compliant'));

  it('tags Acme’s Paris → Lyon trains: first class (under 4 h) not compliant, second class under the 150 € cap compliant', async () => {
    const alice = await api.login('alice');
    const { proposals } = (await search(body(), alice)).body.result as { proposals: Tagged[] };
    expect(verdicts(proposals, 'first').length).toBeGreaterThan(0);
    expect(new Set(verdicts(proposals, 'first').flat())).toEqual(new Set(['not-compliant']));
    const second = proposals.flatMap((p) => p.offers.filter((o) => o.cabin === 'second'));
    expect(second.some((o) => o.price <= 15_000)).toBe(true);
    for (const offer of second) expect(offer.tags).toContain(offer.price <= 15_000 ? 'compliant' : 'not-compliant');
  });

  it('gives no compliance tag to a signed-out search', async () => {
    const { proposals } = (await search(body())).body.result as { proposals: Tagged[] };
    expect(verdicts(proposals, 'first').flat()).toEqual([]);
    expect(verdicts(proposals, 'second').flat()).toEqual([]);
  });

  it('never allows first class for Globex (gus)', async () => {
    const gus = await api.login('gus');
    const { proposals } = (await search(body({ destination: 'city:nice' }), gus)).body.result as { proposals: Tagged[] };
    const first = verdicts(proposals, 'first');
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((tags) => tags.length === 1 && tags[0] === 'not-compliant')).toBe(true);
  });

  it('tags the next page and the more-choices answer too', async () => {
    const alice = await api.login('alice');
    const first = (await search(body(), alice)).body.result;
    const next = (await api.call('POST', '/api/v1/treep/next', { body: { searchID: first.searchID }, token: alice })).body.result as { proposals: Tagged[] };
    expect(verdicts(next.proposals, 'first').flat()).toContain('not-compliant');
    const choice = next.proposals.flatMap((p) => p.choices).find((c) => c.links.getMoreChoices)!;
    const more = (await api.call('GET', choice.links.getMoreChoices!.href, { token: alice })).body.result as { offers: Tagged['offers'] };
    expect(more.offers.length).toBeGreaterThan(1);
    expect(more.offers.every((o) => o.tags.includes('compliant') || o.tags.includes('not-compliant'))).toBe(true);
  });

  it('judges flights against the whole day’s fastest train, as the cart will', async () => {
    const alice = await api.login('alice');
    railQueries.length = 0;
    const { proposals } = (await search(body({ filters: { rail: true, flight: true } }), alice)).body.result as { proposals: Tagged[] };
    // The search's own rail query, then one for the flights' day from midnight.
    expect(railQueries).toHaveLength(2);
    const flights = proposals.filter((p) => p.type === 'flight');
    expect(flights.length).toBeGreaterThan(0);
    // The train takes under 4 h: Acme does not fly Paris → Lyon.
    expect(flights.flatMap((p) => p.offers).every((o) => o.tags.includes('not-compliant'))).toBe(true);
  });

  it('asks the rail side once for a flight-only search: Paris → Nice in economy is compliant for Acme, business is not', async () => {
    const alice = await api.login('alice');
    railQueries.length = 0;
    const { proposals } = (await search(body({ destination: 'city:nice', filters: { rail: false, flight: true } }), alice)).body.result as {
      proposals: Tagged[];
    };
    expect(railQueries).toHaveLength(1);
    expect(new Set(verdicts(proposals, 'economy').flat())).toEqual(new Set(['compliant']));
    expect(new Set(verdicts(proposals, 'business').flat())).toEqual(new Set(['not-compliant']));
  });
});

describe('traveller step', () => {
  it('asks identity for each traveller, one contact led by the first, prefilled for the signed-in user', async () => {
    const alice = await api.login('alice');
    const results = (await search(body({ nb_travelers: 2, travelers: [{ id: 1 }, { id: 2, age_cat: '30-59' }] }), alice)).body.result;
    const offerID = results.proposals[0].offers[0].id;
    const res = await api.call('POST', '/api/v1/ticket/travelerForm', { body: { choiceIDs: [offerID] }, token: alice });
    expect(res.status).toBe(200);
    const [first, second] = res.body.result.travelerForms;
    const fieldsOf = (form: {
      fieldsGroups: { fields: { name: string; value: string | null; required: boolean; linkedWith: { isLeader: boolean } | null }[] }[];
    }) => Object.fromEntries(form.fieldsGroups.flatMap((g) => g.fields).map((f) => [f.name, f]));
    expect(fieldsOf(first).firstname).toMatchObject({ value: 'Alice', required: true });
    expect(fieldsOf(first).contact_email!.linkedWith).toMatchObject({ isLeader: true });
    expect(fieldsOf(second).contact_email!.linkedWith).toMatchObject({ isLeader: false });
    expect(fieldsOf(second).firstname!.value).toBeNull();
    expect(res.body.result.placement.map((p: { name: string }) => p.name)).toContain('position');
  });

  it("prefills a colleague and a guest picked by name; someone else's colleague or guest is not found (55)", async () => {
    const alice = await api.login('alice');
    const gus = await api.login('gus');
    const bob = (await api.call('GET', '/api/v1/users/?query=bob', { token: alice })).body.result[0];
    const jean = (await api.call('GET', '/api/v1/user/guests?query=jean', { token: alice })).body.result[0];
    const travelers = [{ id: 1 }, { id: 2, profile_id: bob.uid }, { id: 3, guest_id: jean.uid }];
    const results = (await search(body({ nb_travelers: 3, travelers }), alice)).body.result;
    const choiceIDs = [results.proposals[0].offers[0].id];
    const firstnames = (res: { body: { result: { travelerForms: { fieldsGroups: { fields: { name: string; value: string | null }[] }[] }[] } } }) =>
      res.body.result.travelerForms.map((f) => f.fieldsGroups.flatMap((g) => g.fields).find((x) => x.name === 'firstname')!.value);
    expect(firstnames(await api.call('POST', '/api/v1/ticket/travelerForm', { body: { choiceIDs, travelers }, token: alice }))).toEqual([
      'Alice',
      'Bob',
      'Jean',
    ]);
    // Gus's own search with the same ids: Bob is not his colleague, Jean not his guest.
    const his = (await search(body({ nb_travelers: 2, travelers: [{ id: 1 }, { id: 2 }] }), gus)).body.result;
    for (const stranger of [
      { id: 2, profile_id: bob.uid },
      { id: 2, guest_id: jean.uid },
    ]) {
      const res = await api.call('POST', '/api/v1/ticket/travelerForm', {
        body: { choiceIDs: [his.proposals[0].offers[0].id], travelers: [{ id: 1 }, stranger] },
        token: gus,
      });
      expect(res.status).toBe(404);
      expect(res.body.api_code).toBe(55);
    }
  });

  it('asks a travel document for a flight leaving the EU', async () => {
    const results = (await search(body({ destination: 'city:london', filters: { rail: false, flight: true } }))).body.result;
    const res = await api.call('POST', '/api/v1/ticket/travelerForm', { body: { choiceIDs: [results.proposals[0].offers[0].id] } });
    expect(res.body.result.travelerForms[0].fieldsGroups.map((g: { group: string }) => g.group)).toEqual(['identity', 'contact', 'document']);
  });

  it('gives the date fields a placeholder in the caller’s language', async () => {
    const results = (await search(body({ destination: 'city:london', filters: { rail: false, flight: true } }))).body.result;
    const placeholders = async (lang: string) => {
      const res = await api.call('POST', '/api/v1/ticket/travelerForm', {
        body: { choiceIDs: [results.proposals[0].offers[0].id] },
        headers: { 'accept-language': lang },
      });
      const fields = (res.body.result.travelerForms[0].fieldsGroups as { fields: { name: string; type: string; placeholder: string | null }[] }[]).flatMap(
        (g) => g.fields,
      );
      return Object.fromEntries(fields.filter((f) => f.type === 'date').map((f) => [f.name, f.placeholder]));
    };
    expect(await placeholders('en')).toEqual({ birthdate: 'DD/MM/YYYY', document_expiry: 'DD/MM/YYYY' });
    expect(await placeholders('fr')).toEqual({ birthdate: 'JJ/MM/AAAA', document_expiry: 'JJ/MM/AAAA' });
  });

  it('gives placement options for the chosen trains', async () => {
    const results = (await search(body())).body.result;
    const res = await api.call('POST', '/api/v1/ticket/placementOptions', { body: { choiceIDs: [results.proposals[0].offers[0].id] } });
    expect(res.status).toBe(200);
    expect(res.body.result.placement[0].options.map((o: { value: string }) => o.value)).toEqual(['any', 'window', 'aisle']);
  });

  it('refuses unknown offers with code 16', async () => {
    const res = await api.call('POST', '/api/v1/ticket/travelerForm', { body: { choiceIDs: ['x~0~second~0'] } });
    expect(res.status).toBe(400);
    expect(res.body.api_code).toBe(16);
  });
});
