import type { FlightSupplier, Journey, Place, Section, TripQuery } from '../types';
import { CO2, SupplierError } from '../types';
import { airportByIata, airports, airportsOf, nearestCity, type RefAirport } from '@server/reference/places';
import { distanceKm } from '@server/reference/geo';
import { rng, type Rng } from './random';
import { departuresOfDay, keptTimetables } from './timetable';
import { cabinOffers, checkTripQuery, instantAt, journeyOf, pickByTime, searchDays, type FareLadder } from './trips';
import { toLocalIso } from '@server/reference/local-time';

/**
 * Sandbox flights: every airport of a city, direct where traffic justifies it, else one stop at a
 * real hub. Gate-to-gate time = taxi, climb and descent (~25 min) plus cruise at ~750 km/h.
 */

type Airline = { code: string; name: string; lowCost: boolean; ndc: boolean; prefix: string };
const AIRLINES: Record<string, Airline> = {
  AF: { code: 'AF', name: 'Air France', lowCost: false, ndc: true, prefix: '057' },
  TO: { code: 'TO', name: 'Transavia', lowCost: true, ndc: false, prefix: '979' },
  U2: { code: 'U2', name: 'easyJet', lowCost: true, ndc: false, prefix: '888' },
  KL: { code: 'KL', name: 'KLM', lowCost: false, ndc: true, prefix: '074' },
  LH: { code: 'LH', name: 'Lufthansa', lowCost: false, ndc: true, prefix: '220' },
  BA: { code: 'BA', name: 'British Airways', lowCost: false, ndc: true, prefix: '125' },
  IB: { code: 'IB', name: 'Iberia', lowCost: false, ndc: true, prefix: '075' },
  AZ: { code: 'AZ', name: 'ITA Airways', lowCost: false, ndc: false, prefix: '055' },
  LX: { code: 'LX', name: 'Swiss', lowCost: false, ndc: true, prefix: '724' },
  TK: { code: 'TK', name: 'Turkish Airlines', lowCost: false, ndc: false, prefix: '235' },
  EK: { code: 'EK', name: 'Emirates', lowCost: false, ndc: true, prefix: '176' },
  VY: { code: 'VY', name: 'Vueling', lowCost: true, ndc: false, prefix: '030' },
  FR: { code: 'FR', name: 'Ryanair', lowCost: true, ndc: false, prefix: '000' },
  DL: { code: 'DL', name: 'Delta', lowCost: false, ndc: true, prefix: '006' },
};
/** Hubs and the airline based there. */
const HUBS: Record<string, string> = { CDG: 'AF', AMS: 'KL', FRA: 'LH', MUC: 'LH', LHR: 'BA', MAD: 'IB', FCO: 'AZ', ZRH: 'LX', IST: 'TK', DXB: 'EK' };

function airportsFor(place: Place): RefAirport[] {
  if (place.type === 'airport') {
    const a = airportByIata.get(place.ID.slice('airport:'.length));
    return a ? [a] : [];
  }
  const cityId = place.type === 'city' ? place.ID.slice('city:'.length) : nearestCity(place).id;
  const own = airportsOf(cityId).filter((a) => a.importance >= 10);
  if (own.length) return own;
  // No airport in town: the nearest ones within 100 km, like a real search widening its radius.
  return airports
    .filter((a) => distanceKm(a, place) <= 100 && a.importance >= 15)
    .sort((a, b) => b.importance - a.importance)
    .slice(0, 2);
}

const hasDirectFlight = (a: RefAirport, b: RefAirport, km: number) =>
  km >= 150 && ((a.importance >= 35 && b.importance >= 35) || (Math.max(a.importance, b.importance) >= 80 && Math.min(a.importance, b.importance) >= 15));

function airlineFor(a: RefAirport, b: RefAirport, km: number, r: Rng): Airline {
  const hub = HUBS[a.iata] ?? HUBS[b.iata];
  // Low-cost carriers fly short and medium haul only: long haul is the hubs' and the flag carriers'.
  if (km > 3500) {
    const flag = (country: string) => (country === 'FR' ? 'AF' : country === 'US' ? 'DL' : undefined);
    const carriers = [HUBS[a.iata], HUBS[b.iata], flag(a.country), flag(b.country)].filter((code): code is string => !!code);
    return AIRLINES[carriers.length ? r.pick(carriers) : 'AF']!;
  }
  if (a.iata === 'ORY' || b.iata === 'ORY') return AIRLINES[r.pick(['AF', 'TO', 'TO', 'VY'])]!;
  if (hub && r.chance(0.75)) return AIRLINES[hub]!;
  if (a.country === 'FR' && b.country === 'FR') return AIRLINES[r.pick(['AF', 'U2', 'AF'])]!;
  if (a.country === 'US' || b.country === 'US') return AIRLINES[r.pick(['AF', 'DL'])]!;
  return AIRLINES[r.pick(['U2', 'FR', 'VY', 'AF'])]!;
}

export const blockMinutes = (km: number) => Math.round(km < 3500 ? 25 + km / 12.5 : 40 + km / 13.5);
export const flightCo2Factor = (km: number) => (km < 1000 ? CO2.flightShort : km <= 3500 ? CO2.flightMedium : CO2.flightLong);

type Leg = { from: RefAirport; to: RefAirport; km: number };

// The plans between two sets of airports depend on the reference world only: kept, the latest first.
const PLANS_KEPT = 5_000;
const knownPlans = new Map<string, Leg[][]>();

function plans(origins: RefAirport[], destinations: RefAirport[]): Leg[][] {
  const key = `${origins.map((a) => a.iata).join(',')}>${destinations.map((a) => a.iata).join(',')}`;
  let known = knownPlans.get(key);
  if (known) knownPlans.delete(key);
  else known = plansOf(origins, destinations);
  knownPlans.set(key, known);
  if (knownPlans.size > PLANS_KEPT) knownPlans.delete(knownPlans.keys().next().value!);
  return known;
}

function plansOf(origins: RefAirport[], destinations: RefAirport[]): Leg[][] {
  const result: Leg[][] = [];
  for (const o of origins)
    for (const d of destinations) {
      const km = distanceKm(o, d);
      if (km < 150) continue;
      if (hasDirectFlight(o, d, km)) result.push([{ from: o, to: d, km }]);
      else {
        const hub = Object.keys(HUBS)
          .map((code) => airportByIata.get(code))
          .filter((h): h is RefAirport => !!h && h.iata !== o.iata && h.iata !== d.iata)
          .map((h) => ({ h, total: distanceKm(o, h) + distanceKm(h, d) }))
          .filter(({ h, total }) => total / km < 1.5 && distanceKm(o, h) >= 150 && distanceKm(h, d) >= 150)
          .sort((a, b) => a.total - b.total)[0]?.h;
        if (hub)
          result.push([
            { from: o, to: hub, km: distanceKm(o, hub) },
            { from: hub, to: d, km: distanceKm(hub, d) },
          ]);
      }
    }
  return result;
}

/**
 * A flight of a leg; its section (local times, places) is written only for the flights a search shows
 * (build). Kept small, as thousands of timetables are: its instants are numbers (ms), not Dates, its
 * airline one of AIRLINES, its model a literal.
 */
type Run = Readonly<{ leg: Leg; airline: Airline; duration: number; number: string; model: string; dep: number; arr: number }>;

// A leg's flights of a day never change: the latest timetables are kept (a search reads two days of
// each of its plans, its next page the same ones), the oldest dropped first. ~1 KB each: at most ~8 MB.
const TIMETABLES_KEPT = 8_000;
const timetables = keptTimetables<readonly Run[]>(TIMETABLES_KEPT);

function runsOfDay(leg: Leg, day: string): readonly Run[] {
  return timetables(`${leg.from.iata}>${leg.to.iata}@${day}`, () => timetableOf(leg, day));
}

function timetableOf(leg: Leg, day: string): Run[] {
  const key = `air:${leg.from.iata}>${leg.to.iata}`;
  const count = Math.max(1, Math.round((leg.from.importance + leg.to.importance) / (leg.km > 3500 ? 60 : 22)));
  return departuresOfDay(rng(`${key}@${day}`), count).map((minute, i) => {
    const r = rng(`${key}@${day}#${i}`);
    const airline = airlineFor(leg.from, leg.to, leg.km, rng(`${key}#${i % 3}`));
    const duration = blockMinutes(leg.km) + r.int(-5, 10);
    const dep = instantAt(day, minute, leg.from.tz).getTime();
    const number = `${airline.code}${r.int(100, 1999)}`;
    const model =
      leg.km > 3500
        ? r.pick(['Boeing 777-300ER', 'Airbus A350-900', 'Boeing 787-9'])
        : r.pick(['Airbus A320', 'Airbus A321neo', 'Airbus A319', 'Airbus A220-300', 'Embraer 190']);
    return { leg, airline, duration, number, model, dep, arr: dep + duration * 60_000 };
  });
}

/** A flight's section without its times and places (build adds them). */
function sectionOf(run: Run): Omit<Section, 'from' | 'to' | 'departure' | 'arrival'> {
  const { leg, airline } = run;
  const kind = leg.km < 1000 ? 'short-haul' : leg.km <= 3500 ? 'medium-haul' : 'long-haul';
  return {
    duration: run.duration,
    distanceKm: Math.round(leg.km),
    co2: Math.round(Math.round(leg.km) * flightCo2Factor(leg.km)),
    transport: {
      mode: 'flight',
      kind,
      carrier: { code: airline.code, name: airline.name },
      operatingCarrier: { code: airline.code, name: airline.name },
      number: run.number,
      model: run.model,
    },
    connectionMinutes: null,
  };
}

function ladder(airline: Airline, km: number, cabin: 'economy' | 'premium' | 'business', lang: 'fr' | 'en'): FareLadder {
  const base = km > 3500 ? 25000 + 6 * km : 4500 + 9 * km;
  const cabinFactor = cabin === 'business' ? (km > 3500 ? 4.5 : 2.6) : cabin === 'premium' ? 1.7 : 1;
  const hand = { type: 'hand' as const, quantity: 1, conditions: lang === 'fr' ? '1 bagage cabine de 12 kg' : '1 cabin bag, 12 kg' };
  const hold = (n: number) => ({
    type: 'hold' as const,
    quantity: n,
    conditions: lang === 'fr' ? `${n} bagage(s) en soute de 23 kg` : `${n} checked bag(s), 23 kg`,
  });
  const n = cabin === 'economy' ? 1 : 2;
  return {
    cabin,
    reference: base * cabinFactor * (airline.lowCost ? 0.7 : 1),
    flexes: cabin === 'economy' ? [1, 2, 3] : [2, 3],
    names: { 1: 'Light', 2: 'Standard', 3: 'Flex' },
    luggages: (flex) => (flex === 1 && cabin === 'economy' ? [hand] : [hand, hold(n)]),
    ancillaries: [{ type: 'additional-luggage', price: km > 3500 ? 7000 : 3500, maxQuantity: 2 }],
    tags: airline.ndc ? ['ndc'] : [],
    contract: { carrier: airline.code, tag: 'negociated-fare' },
  };
}

export function flightItineraries(query: TripQuery, directory: (id: string, lang: 'fr' | 'en') => Place | undefined): Journey[] {
  const instant = checkTripQuery(query);
  const origins = airportsFor(query.origin);
  const destinations = airportsFor(query.destination);
  if (!origins.length || !destinations.length) throw new SupplierError('invalid-place', 'no airport serves this place');
  const chains: Run[][] = [];
  for (const plan of plans(origins, destinations)) {
    for (const day of searchDays(query)) {
      const first = runsOfDay(plan[0]!, day);
      const second = plan[1] ? runsOfDay(plan[1], day) : [];
      for (const run of first) {
        const runs = [run];
        if (plan[1]) {
          const next = second.find((s) => s.dep >= run.arr + 55 * 60_000 && s.dep <= run.arr + 5 * 3600_000);
          if (!next) continue;
          runs.push(next);
        }
        chains.push(runs);
      }
    }
  }
  // Choose by time first, then price only what is shown.
  const shown = pickByTime(chains, (runs) => ({ departure: runs[0]!.dep, arrival: runs[runs.length - 1]!.arr }), query, instant);
  return shown.map((runs) => build(runs, query, directory));
}

function build(runs: readonly Run[], query: TripQuery, directory: (id: string, lang: 'fr' | 'en') => Place | undefined): Journey {
  const sections: Section[] = runs.map((run, i) => ({
    ...sectionOf(run),
    departure: toLocalIso(new Date(run.dep), run.leg.from.tz),
    arrival: toLocalIso(new Date(run.arr), run.leg.to.tz),
    from: directory(`airport:${run.leg.from.iata}`, query.lang)!,
    to: directory(`airport:${run.leg.to.iata}`, query.lang)!,
    connectionMinutes: runs[i + 1] ? Math.round((runs[i + 1]!.dep - run.arr) / 60_000) : null,
  }));
  const id = `F${runs.map((r, i) => `${r.number}-${sections[i]!.departure.slice(0, 16)}`).join('_')}`.replace(/[^A-Za-z0-9_-]/g, '');
  const km = runs.reduce((s, r) => s + r.leg.km, 0);
  const main = runs[0]!;
  const r = rng(`${id}@seats`);
  const cabins = (km > 3500 ? (['economy', 'premium', 'business'] as const) : (['economy', 'business'] as const)).map((cabin) => {
    if (cabin !== 'economy' && main.airline.lowCost) return { cabin, seats: 0, unavailabilityReason: 'notSold', offers: [] };
    return cabinOffers(r, id, ladder(main.airline, km, cabin, query.lang), cabin === 'economy' ? 150 : 20, new Date(main.dep), main.leg.from.tz, query);
  });
  return journeyOf(id, 'flight', query.origin, query.destination, sections, cabins);
}

export function sandboxFlights(directory: (id: string, lang: 'fr' | 'en') => Place | undefined): FlightSupplier {
  return { itineraries: async (query) => flightItineraries(query, directory) };
}
