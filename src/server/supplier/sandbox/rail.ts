import type { Journey, JourneyTiming, Place, RailKind, RailSupplier, Section, TripQuery } from '../types';
import { CO2, SupplierError } from '../types';
import { cityOf, nearestCity, stationByUic, stations, stationsOf, type RefStation } from '@server/reference/places';
import { angleBetween, bearing, distanceKm } from '@server/reference/geo';
import { rng } from './random';
import { departuresOfDay, keptTimetables } from './timetable';
import { networkRoute } from './network';
import { cabinOffers, checkTripQuery, journeyOf, pickByTime, searchDays, type FareLadder } from './trips';
import { toLocalIso, wallClockToInstant } from '@server/reference/local-time';

/**
 * Sandbox rail: real stations, believable lines and timetables. A high-speed train takes the
 * quickest route over the network of high-speed and main lines (network.ts), an intercity averages
 * 115 km/h, a regional train 70; services thin out at night; connections happen at real hubs
 * (crossing Paris between termini takes the best part of an hour).
 */

// Paris termini serve the country by direction (bearing from Paris, degrees); far high-speed trains leave from the terminus of the quickest route.
const PARIS_TERMINI: Record<string, [number, number][]> = {
  '8727100': [
    [315, 360],
    [0, 55],
  ], // Nord: Lille, London, Brussels
  '8711300': [[55, 105]], // Est: Reims, Metz, Strasbourg, Germany
  '8768600': [[105, 185]], // Gare de Lyon: Lyon, Marseille, Montpellier, Switzerland, Italy
  '8739100': [[185, 290]], // Montparnasse: Bordeaux, Toulouse, Nantes, Rennes
  '8738400': [[290, 315]], // Saint-Lazare: Normandy
};
const uic7 = (s: RefStation) => s.uic.slice(0, 7);

const railServed = (s: RefStation) => s.highSpeed || s.intercity || s.importance >= 10;

const isTerminus = (s: RefStation) => PARIS_TERMINI[uic7(s)] !== undefined;

/**
 * The station of a place a journey towards `towards` leaves from (or arrives at). Far from Paris by
 * high-speed train, the terminus is the one whose line reaches `towardsStation` soonest (Nord for
 * Cologne, by Brussels).
 */
function stationFor(place: Place, towards: { lat: number; lon: number }, farKm: number, towardsStation?: RefStation): RefStation | undefined {
  if (place.type === 'station') return stationByUic.get(place.ID.slice('station:'.length));
  const cityId = place.type === 'city' ? place.ID.slice('city:'.length) : nearestCity(place).id;
  let candidates = stationsOf(cityId).filter(railServed);
  if (candidates.length === 0) candidates = stations.filter((s) => distanceKm(s, place) < 30 && railServed(s)).sort((a, b) => b.importance - a.importance);
  if (farKm > 250 && candidates.some((s) => s.highSpeed)) candidates = candidates.filter((s) => s.highSpeed);
  const termini = candidates.filter((s) => s.highSpeed && isTerminus(s));
  if (farKm > 250 && towardsStation?.highSpeed && termini.length > 1)
    return termini.reduce((best, s) => (networkRoute(s, towardsStation).minutes < networkRoute(best, towardsStation).minutes ? s : best));
  const direction = bearing(place, towards);
  const terminus = candidates.find((s) => PARIS_TERMINI[uic7(s)]?.some(([a, b]) => direction >= a && direction < b));
  if (terminus && (terminus.highSpeed || farKm <= 250)) return terminus;
  // Elsewhere: the most important station, unless another lies clearly on the way.
  return candidates
    .map((s) => ({
      s,
      score: s.importance - (angleBetween(bearing(place, s), direction) / 180) * (distanceKm(place, s) > 2 ? 25 : 0) - (distanceKm(place, s) > 15 ? 25 : 0),
    }))
    .sort((a, b) => b.score - a.score)[0]?.s;
}

const sameCity = (a: RefStation, b: RefStation) => a.city === b.city;

type LegPlan = { from: RefStation; to: RefStation; kind: RailKind; km: number };

function legKind(a: RefStation, b: RefStation, km: number): RailKind {
  const crossBorder = cityOf(a).country !== cityOf(b).country;
  if (a.highSpeed && b.highSpeed && km >= 90) return crossBorder ? 'cross-border' : 'high-speed';
  if (crossBorder) return 'cross-border';
  if (a.intercity && b.intercity && km >= 70) return 'intercity';
  return 'regional';
}

/** Is there a through train? Big stations are linked; small ones by regional trains nearby. */
function hasDirectService(a: RefStation, b: RefStation, km: number): boolean {
  if (km < 15) return false;
  if (a.highSpeed && b.highSpeed) return a.hub || b.hub || (a.importance >= 50 && b.importance >= 50) || km < 250;
  if (a.intercity && b.intercity && km <= 600) return a.hub || b.hub;
  return km <= 180;
}

const hubs = () => stations.filter((s) => s.hub && s.highSpeed);

/** Route plans: the direct line if any, and the best one or two connections through hubs. */
function routePlans(o: RefStation, d: RefStation): LegPlan[][] {
  const km = distanceKm(o, d);
  const plans: LegPlan[][] = [];
  if (hasDirectService(o, d, km)) plans.push([{ from: o, to: d, kind: legKind(o, d, km), km }]);
  const via = hubs()
    .filter((h) => h.uic !== o.uic && h.uic !== d.uic && !sameCity(h, o) && !sameCity(h, d))
    .map((h) => ({ h, detour: (distanceKm(o, h) + distanceKm(h, d)) / km }))
    .filter(({ h, detour }) => detour < 1.45 && hasDirectService(o, h, distanceKm(o, h)) && hasDirectService(h, d, distanceKm(h, d)))
    .sort((a, b) => a.detour - b.detour || b.h.importance - a.h.importance);
  // Hubs of one city (Paris) are reached at one terminus and left from another.
  for (const { h } of via.slice(0, plans.length ? 1 : 2)) {
    const arriveAt = h;
    const leaveFrom = stationFor(placeOfStation(h), d, distanceKm(h, d), d) ?? h;
    const km1 = distanceKm(o, arriveAt);
    const km2 = distanceKm(leaveFrom, d);
    plans.push([
      { from: o, to: arriveAt, kind: legKind(o, arriveAt, km1), km: km1 },
      { from: leaveFrom, to: d, kind: legKind(leaveFrom, d, km2), km: km2 },
    ]);
  }
  return plans;
}

const placeOfStation = (s: RefStation): Place => {
  const c = cityOf(s);
  return {
    ID: `city:${c.id}`,
    name: c.name.fr,
    description: '',
    type: 'city',
    lat: c.lat,
    lon: c.lon,
    city: c.name.fr,
    country: c.country,
    zip_code: null,
    formatted_address: '',
    provider_codes: [],
    tz: c.tz,
  };
};

const SPEED: Record<'intercity' | 'regional', number> = { intercity: 115, regional: 70 };
const CO2_FACTOR: Record<RailKind, number> = {
  'high-speed': CO2.railHighSpeed,
  'cross-border': CO2.railHighSpeed,
  intercity: CO2.railIntercity,
  regional: CO2.railRegional,
};

/**
 * Minutes for a leg, and the stops a run may make on it. A high-speed train runs the quickest
 * route over the network, plus a few minutes to get under way and come to a stand; other trains
 * run the rail distance (5–15 % longer than the crow flies) at their kind's speed, plus a quarter
 * of an hour for their slow starts and approaches.
 */
export function legMinutes(leg: LegPlan, routeRng: ReturnType<typeof rng>) {
  if (leg.kind === 'high-speed' || leg.kind === 'cross-border') {
    const route = networkRoute(leg.from, leg.to);
    const railKm = Math.round(route.km);
    return { railKm, minutes: (stops: number) => Math.round(4 + route.minutes + stops * 5), maxStops: Math.floor(railKm / 200) };
  }
  const railKm = Math.round(leg.km * routeRng.between(1.05, 1.15));
  const [stopsEvery, dwell] = leg.kind === 'regional' ? [12, 1.5] : [45, 3];
  const running = (railKm / SPEED[leg.kind]) * 60;
  return { railKm, minutes: (stops: number) => Math.round(15 + running + stops * dwell), maxStops: Math.floor(railKm / stopsEvery) };
}

const countryOf = (s: RefStation) => cityOf(s).country;

type Carrier = Readonly<{ code: string; name: string; model: string; prefix: string; digits: number; first: boolean }>;

/** `countries`: the leg's two countries, sorted ('FR-FR', 'CH-FR'). */
function carrierOf(leg: LegPlan, countries: string, r: ReturnType<typeof rng>): Carrier {
  if (leg.kind === 'regional') {
    if (countries === 'FR-FR') return { code: 'TER', name: 'TER', model: r.pick(['Régiolis', 'Régio 2N', 'AGC']), prefix: '8', digits: 6, first: false };
    return { code: 'REG', name: 'Regional', model: 'EMU', prefix: '1', digits: 5, first: false };
  }
  if (leg.kind === 'intercity') return { code: 'IC', name: 'Intercités', model: r.pick(['Corail', 'Oxygène']), prefix: '3', digits: 4, first: true };
  if (countries.includes('GB') || countries === 'BE-FR' || countries === 'FR-NL' || countries === 'BE-NL')
    return { code: 'EUROSTAR', name: 'Eurostar', model: r.pick(['Eurostar e320', 'Eurostar PBKA']), prefix: '9', digits: 4, first: true };
  if (countries === 'CH-FR') return { code: 'LYRIA', name: 'TGV Lyria', model: 'TGV Euroduplex', prefix: '9', digits: 4, first: true };
  if (countries === 'DE-FR' || countries === 'DE-DE') return { code: 'DB', name: 'DB ICE', model: 'ICE 3', prefix: '9', digits: 4, first: true };
  if (countries.includes('IT')) return { code: 'TRENITALIA', name: 'Frecciarossa', model: 'Frecciarossa 1000', prefix: '9', digits: 4, first: true };
  if (countries.includes('ES')) return { code: 'RENFE', name: 'Renfe AVE', model: 'AVE S-100', prefix: '9', digits: 4, first: true };
  if (countries !== 'FR-FR') return { code: 'RAIL', name: 'International', model: 'EC', prefix: '4', digits: 3, first: true };
  if (r.chance(0.2) && leg.km > 200 && (leg.from.hub || leg.to.hub))
    return { code: 'OUIGO', name: 'OUIGO', model: 'TGV Duplex', prefix: '7', digits: 4, first: false };
  return {
    code: 'SNCF',
    name: 'TGV INOUI',
    model: r.pick(['TGV Duplex', 'TGV Euroduplex', 'TGV M']),
    prefix: r.pick(['6', '8', '5', '2']),
    digits: 4,
    first: true,
  };
}

function ladder(carrier: Carrier, kind: RailKind, railKm: number, cabin: 'second' | 'first', lang: 'fr' | 'en'): FareLadder {
  const perKm = kind === 'regional' ? 11 : kind === 'intercity' ? 11 : 14;
  const fixed = kind === 'regional' ? 300 : kind === 'intercity' ? 800 : 1500;
  const ouigo = carrier.code === 'OUIGO';
  const reference = (fixed + perKm * railKm) * (cabin === 'first' ? 1.45 : 1) * (ouigo ? 0.45 : 1);
  const cabinName = lang === 'fr' ? (cabin === 'first' ? 'Première' : 'Seconde') : cabin === 'first' ? 'First' : 'Second';
  const hand = { type: 'hand' as const, quantity: 1, conditions: lang === 'fr' ? '1 bagage à main (36 × 27 × 12 cm)' : '1 hand bag (36 × 27 × 12 cm)' };
  const hold = {
    type: 'hold' as const,
    quantity: ouigo ? 1 : 2,
    conditions: lang === 'fr' ? `${ouigo ? 1 : 2} bagage(s) de 70 × 90 × 50 cm maximum` : `${ouigo ? 1 : 2} bag(s) up to 70 × 90 × 50 cm`,
  };
  return {
    cabin,
    reference,
    flexes: ouigo ? [1] : kind === 'regional' ? [2] : [1, 2, 3],
    names: ouigo
      ? { 1: 'OUIGO Essentiel', 2: 'OUIGO Essentiel', 3: 'OUIGO Essentiel' }
      : { 1: `${cabinName} Basic`, 2: `${cabinName} Standard`, 3: `${cabinName} Flex` },
    luggages: () => [hand, hold],
    ancillaries: ouigo
      ? [
          { type: 'ouigo-flex', price: 900, maxQuantity: 1 },
          { type: 'additional-luggage', price: 2000, maxQuantity: 2 },
          { type: 'bike', price: 1000, maxQuantity: 1 },
        ]
      : kind === 'regional'
        ? [{ type: 'bike', price: 0, maxQuantity: 1 }]
        : [
            { type: 'bike', price: 1000, maxQuantity: 1 },
            { type: 'disassembled-bike', price: 0, maxQuantity: 1 },
          ],
    tags: [],
    contract: carrier.code === 'SNCF' || carrier.code === 'IC' ? { carrier: 'SNCF', tag: 'corporate-fare' } : { carrier: carrier.code, tag: 'corporate-fare' },
    cardCarrier: carrier.code,
  };
}

function dailyCount(leg: LegPlan): number {
  const importance = (leg.from.importance + leg.to.importance) / 2;
  if (leg.kind === 'regional') return Math.round(8 + importance / 8);
  if (leg.kind === 'intercity') return Math.round(3 + importance / 20);
  if (leg.kind === 'cross-border') return Math.round(4 + importance / 15);
  return Math.max(4, Math.round(importance / 5 + (leg.from.hub && leg.to.hub ? 4 : 0)));
}

/**
 * A train of a leg; its section (local times, carrier) is written only for the trains a search shows
 * (buildJourney). Kept small, as thousands of timetables are: its instants are whole minutes since
 * the epoch (small integers, not Dates) and its carrier is one of a few shared ones.
 */
type Run = Readonly<{ leg: LegPlan; carrier: Carrier; departure: number; arrival: number; duration: number; railKm: number; number: string }>;

const carriers = new Map<string, Carrier>();
const sharedCarrier = (c: Carrier) => {
  const key = `${c.code}|${c.model}|${c.prefix}`;
  let shared = carriers.get(key);
  if (!shared) carriers.set(key, (shared = c));
  return shared;
};

// A leg's timetable of a day never changes: the latest ones are kept (a search and its flights'
// fastest-train question read the same days), the oldest dropped first. ~1.7 KB each: at most ~14 MB,
// enough for a few hundred routes' next weeks (2,000 missed 8 of a search's 20 leg-days).
const TIMETABLES_KEPT = 8_000;
const timetables = keptTimetables<readonly Run[]>(TIMETABLES_KEPT);

/** Every train of one leg on one local day. */
function runsOfDay(leg: LegPlan, day: string): readonly Run[] {
  return timetables(`${leg.from.uic}>${leg.to.uic}@${day}`, () => timetableOf(leg, day));
}

function timetableOf(leg: LegPlan, day: string): Run[] {
  const routeKey = `rail:${leg.from.uic}>${leg.to.uic}`;
  const route = rng(routeKey);
  const { railKm, minutes, maxStops } = legMinutes(leg, route);
  const day_ = rng(`${routeKey}@${day}`);
  const fromTz = cityOf(leg.from).tz;
  const countries = [countryOf(leg.from), countryOf(leg.to)].sort().join('-');
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  return departuresOfDay(day_, dailyCount(leg)).map((minute, i) => {
    const r = rng(`${routeKey}@${day}#${i}`);
    const carrier = sharedCarrier(carrierOf(leg, countries, r));
    // High-speed runs stop at some intermediate stations and not others; slower trains stop everywhere.
    const stops = leg.kind === 'high-speed' || leg.kind === 'cross-border' ? r.int(0, maxStops) : maxStops;
    const duration = minutes(stops) + r.int(-2, 4);
    const departure = wallClockToInstant(dayStart + minute * 60_000, fromTz).getTime() / 60_000;
    const number = carrier.prefix + String(r.int(0, 10 ** (carrier.digits - 1) - 1)).padStart(carrier.digits - 1, '0');
    return { leg, carrier, departure, arrival: departure + duration, duration, railKm, number };
  });
}

const stationPlace = (s: RefStation, lang: 'fr' | 'en', directory: (id: string, lang: 'fr' | 'en') => Place | undefined) =>
  directory(`station:${s.uic}`, lang)!;

export function sandboxRail(directory: (id: string, lang: 'fr' | 'en') => Place | undefined): Required<RailSupplier> {
  return {
    async journeys(query: TripQuery): Promise<Journey[]> {
      const journeys = railJourneys(query, directory);
      return query.assistance ? journeys.map(withAssistance) : journeys;
    },
    async timings(query: TripQuery): Promise<JourneyTiming[]> {
      return shownChains(query).map((c) => ({
        departure: toLocalIso(new Date(start(c)), cityOf(c[0]!.leg.from).tz),
        duration: Math.round((end(c) - start(c)) / 60_000),
      }));
    },
  };
}

/**
 * A disabled traveller: every fare is sold with the carrier's free assistance service
 * (SNCF Accès Plus and its equivalents abroad: a wheelchair space or a seat near the door, help to
 * board and alight), as a `pmr` option, and is tagged `disabled-pax`.
 */
function withAssistance(journey: Journey): Journey {
  return {
    ...journey,
    cabins: journey.cabins.map((cabin) => ({
      ...cabin,
      offers: cabin.offers.map((offer) => ({
        ...offer,
        tags: offer.tags.includes('disabled-pax') ? offer.tags : [...offer.tags, 'disabled-pax' as const],
        ancillaries: offer.ancillaries.some((a) => a.type === 'pmr')
          ? offer.ancillaries
          : [...offer.ancillaries, { type: 'pmr' as const, price: 0, maxQuantity: 1 }],
      })),
    })),
  };
}

/** Synchronous core (benchmarked): every plan's trains on the day(s), connected, priced. */
export function railJourneys(query: TripQuery, directory: (id: string, lang: 'fr' | 'en') => Place | undefined): Journey[] {
  const unique = new Map(
    shownChains(query)
      .map((c) => buildJourney(c, query, directory))
      .map((j) => [j.id, j]),
  );
  return [...unique.values()];
}

/** A chain's first departure and last arrival, ms. */
const start = (c: readonly Run[]) => c[0]!.departure * 60_000;
const end = (c: readonly Run[]) => c[c.length - 1]!.arrival * 60_000;

type Route = { o: RefStation | undefined; d: RefStation | undefined; plans: LegPlan[][] };

// The stations and route plans between two places depend on the reference world only: kept, the
// latest first (place pairs searched are few; an address's coordinates make it a place of its own).
const ROUTES_KEPT = 5_000;
const routes = new Map<string, Route>();

/** The stations of two places, each first by itself, then a Paris end by the quickest route to the other; the plans between them. */
function routeOf(origin: Place, destination: Place): Route {
  const key = `${origin.ID}@${origin.lat},${origin.lon}>${destination.ID}@${destination.lat},${destination.lon}`;
  let route = routes.get(key);
  if (route) routes.delete(key);
  else {
    const km = distanceKm(origin, destination);
    const [o0, d0] = [stationFor(origin, destination, km), stationFor(destination, origin, km)];
    const o = stationFor(origin, destination, km, d0);
    const d = stationFor(destination, origin, km, o0);
    route = { o, d, plans: o && d && o.uic !== d.uic && !sameCity(o, d) ? routePlans(o, d) : [] };
  }
  routes.set(key, route);
  if (routes.size > ROUTES_KEPT) routes.delete(routes.keys().next().value!);
  return route;
}

/** The trains (or connections) a query shows, chosen by time, before any fare is priced. */
function shownChains(query: TripQuery): Run[][] {
  const instant = checkTripQuery(query);
  const { o, d, plans } = routeOf(query.origin, query.destination);
  if (!o || !d) throw new SupplierError('invalid-place', 'no railway station serves this place');
  if (o.uic === d.uic || sameCity(o, d)) throw new SupplierError('invalid-place', 'origin and destination are the same place');
  const chains: Run[][] = [];
  for (const plan of plans) {
    for (const day of searchDays(query)) {
      const first = runsOfDay(plan[0]!, day);
      if (plan.length === 1) {
        for (const run of first) chains.push([run]);
        continue;
      }
      const second = [...runsOfDay(plan[1]!, day), ...runsOfDay(plan[1]!, nextDay(day))];
      const crossTown = plan[0]!.to.uic !== plan[1]!.from.uic;
      const minChange = crossTown ? 50 : 12;
      for (const run of first) {
        const next = second.find((s) => s.departure >= run.arrival + minChange);
        if (next && next.departure - run.arrival <= 150) chains.push([run, next]);
      }
    }
  }
  // A connection that a direct train beats (leaves no earlier, arrives no later) is not shown.
  const directs = chains.filter((c) => c.length === 1);
  const useful = chains.filter((c) => c.length === 1 || !directs.some((dc) => start(dc) >= start(c) && end(dc) <= end(c)));
  // Choose by time first, then price only what is shown.
  return pickByTime(useful, (c) => ({ departure: start(c), arrival: end(c) }), query, instant);
}

const nextDay = (day: string) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

function buildJourney(runs: readonly Run[], query: TripQuery, directory: (id: string, lang: 'fr' | 'en') => Place | undefined): Journey {
  const sections: Section[] = runs.map((run, i) => {
    const next = runs[i + 1];
    const { code, name, model } = run.carrier;
    return {
      from: stationPlace(run.leg.from, query.lang, directory),
      to: stationPlace(run.leg.to, query.lang, directory),
      departure: toLocalIso(new Date(run.departure * 60_000), cityOf(run.leg.from).tz),
      arrival: toLocalIso(new Date(run.arrival * 60_000), cityOf(run.leg.to).tz),
      duration: run.duration,
      distanceKm: run.railKm,
      co2: Math.round(run.railKm * CO2_FACTOR[run.leg.kind]),
      transport: { mode: 'rail', kind: run.leg.kind, carrier: { code, name }, operatingCarrier: { code, name }, number: run.number, model },
      connectionMinutes: next ? next.departure - run.arrival : null,
    };
  });
  const id = `R${runs.map((r, i) => `${r.leg.from.uic}-${r.leg.to.uic}-${r.number}-${sections[i]!.departure.slice(0, 16)}`).join('_')}`.replace(
    /[^A-Za-z0-9_-]/g,
    '',
  );
  const r = rng(`${id}@seats`);
  const fromTz = cityOf(runs[0]!.leg.from).tz;
  const departure = new Date(runs[0]!.departure * 60_000);
  const totalKm = runs.reduce((s, run) => s + run.railKm, 0);
  const main = runs.reduce((a, b) => (b.railKm > a.railKm ? b : a));
  const cabins = (['second', 'first'] as const).map((cabin) => {
    const hasCabin = runs.every((run) => run.carrier.first || cabin === 'second');
    if (!hasCabin) return { cabin, seats: 0, unavailabilityReason: 'railFirst', offers: [] };
    const capacity = cabin === 'second' ? 380 : 120;
    return cabinOffers(r, id, ladder(main.carrier, main.leg.kind, totalKm, cabin, query.lang), capacity, departure, fromTz, query);
  });
  // First class never undercuts second on the same train.
  const [second, first] = cabins;
  if (second && first)
    for (const offer of first.offers) {
      const same = second.offers.find((o) => o.flexibility === offer.flexibility && o.roundTrip === offer.roundTrip);
      if (same && offer.price <= same.price) offer.price = same.price + 1000;
    }
  return journeyOf(id, 'rail', query.origin, query.destination, sections, cabins);
}
