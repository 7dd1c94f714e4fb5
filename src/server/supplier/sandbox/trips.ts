import type { CabinAvailability, Customer, FareOffer, Flexibility, Journey, Lang, Place, Section, TripQuery } from '../types';
import { SupplierError } from '../types';
import { demandFactor, fareCents, leadTimeFactor } from './pricing';
import { cardDiscount } from '@server/reference/card-programmes';
import type { Rng } from './random';
import { localParts, localToInstant, wallClockToInstant } from '@server/reference/local-time';

/** What rail and flight share: validating a query, choosing journeys by time, and fare ladders. */

export function checkTripQuery(query: TripQuery) {
  const { origin, destination } = query;
  if (origin.ID === destination.ID || (origin.type === 'city' && origin.city === destination.city && origin.country === destination.country))
    throw new SupplierError('invalid-place', 'origin and destination are the same place');
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(query.datetime)) throw new SupplierError('invalid-request', 'datetime must be YYYY-MM-DDTHH:mm');
  const instant = localToInstant(query.datetime, origin.tz);
  if (Number.isNaN(instant.getTime())) throw new SupplierError('invalid-request', 'datetime is not a date');
  if (instant.getTime() < query.now.getTime() - 5 * 60_000) throw new SupplierError('invalid-request', 'datetime is in the past');
  if (instant.getTime() > query.now.getTime() + 366 * 86_400_000) throw new SupplierError('invalid-request', 'datetime is more than a year ahead');
  if (!Number.isInteger(query.passengers) || query.passengers < 1 || query.passengers > 9)
    throw new SupplierError('invalid-request', 'passengers must be 1 to 9');
  return instant;
}

/**
 * What leaves after the time (or arrives before it, or leaves before it), the way a timetable site
 * lists it; `span` gives an item's departure and arrival instants (ms), so that only the items shown
 * need building.
 */
export function pickByTime<T>(items: T[], span: (item: T) => { departure: number; arrival: number }, query: TripQuery, instant: Date, max = 10): T[] {
  const at = instant.getTime();
  if (query.represents === 'departure') {
    return items
      .filter((item) => span(item).departure >= at)
      .sort((a, b) => span(a).departure - span(b).departure)
      .slice(0, max);
  }
  if (query.represents === 'departure-before') {
    const now = query.now.getTime();
    return items
      .filter((item) => span(item).departure <= at && span(item).departure >= now)
      .sort((a, b) => span(b).departure - span(a).departure)
      .slice(0, max)
      .reverse();
  }
  return items
    .filter((item) => span(item).arrival <= at)
    .sort((a, b) => span(b).arrival - span(a).arrival)
    .slice(0, max)
    .reverse();
}

/** The local calendar day of the query and the one after (late departures roll over). */
export const searchDays = (query: TripQuery): string[] => {
  const day = query.datetime.slice(0, 10);
  const next = new Date(`${day}T12:00:00Z`);
  const prev = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  prev.setUTCDate(prev.getUTCDate() - 1);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return query.represents === 'departure' ? [day, iso(next)] : [iso(prev), day];
};

export const instantAt = (day: string, minuteOfDay: number, tz: string) => wallClockToInstant(Date.parse(`${day}T00:00:00Z`) + minuteOfDay * 60_000, tz);

export const FARE_TEXT = {
  fr: {
    1: 'Billet non échangeable et non remboursable.',
    2: 'Échangeable et remboursable sans frais jusqu’à 3 jours avant le départ, puis avec une retenue de 19 €. Non remboursable après le départ.',
    3: 'Échangeable et remboursable sans frais jusqu’au départ.',
  },
  en: {
    1: 'Ticket neither exchangeable nor refundable.',
    2: 'Exchangeable and refundable free of charge until 3 days before departure, then with a €19 fee. Not refundable after departure.',
    3: 'Exchangeable and refundable free of charge until departure.',
  },
} as const;

export type FareLadder = {
  cabin: CabinAvailability['cabin'];
  /** Reference price (cents) of the semi-flexible fare at neutral demand. */
  reference: number;
  flexes: Flexibility[];
  names: Record<Flexibility, string>;
  luggages: (flex: Flexibility) => FareOffer['luggages'];
  ancillaries: FareOffer['ancillaries'];
  tags: FareOffer['tags'];
  /** −15 % and a tag when the customer has a contract with this carrier. */
  contract: { carrier: string; tag: 'corporate-fare' | 'negociated-fare' } | null;
  /** The carrier whose discount cards apply to these fares (rail; none for flights). */
  cardCarrier?: string;
};

/** The party's mean fare factor after each passenger's best discount card (1: no card applies). */
function cardFactor(ladder: FareLadder, query: Pick<TripQuery, 'passengers' | 'cards'>, flex: Flexibility): number {
  const carrier = ladder.cardCarrier;
  if (!carrier || !query.cards?.length) return 1;
  let sum = 0;
  for (let i = 0; i < query.passengers; i++) sum += 1 - cardDiscount(query.cards[i] ?? [], carrier, flex);
  return sum / query.passengers;
}

const FLEX_MULTIPLIER: Record<Flexibility, number> = { 1: 0.62, 2: 1, 3: 1.28 };

/**
 * Seats and fares of one cabin on one departure. The load factor grows with demand and with
 * booking late; the cheapest fares go first. Same journey, same day → same answer.
 */
export function cabinOffers(
  rng: Rng,
  journeyId: string,
  ladder: FareLadder,
  capacity: number,
  departure: Date,
  tz: string,
  query: Pick<TripQuery, 'now' | 'lang' | 'customer' | 'withReturn' | 'passengers' | 'cards'>,
): CabinAvailability {
  const local = localParts(departure, tz);
  const leadDays = (departure.getTime() - query.now.getTime()) / 86_400_000;
  const demand = demandFactor(local);
  const load = Math.min(1.05, Math.max(0.05, 0.42 * demand * (leadDays < 7 ? 1.3 : leadDays < 21 ? 1.1 : 0.9) + rng.between(-0.15, 0.25)));
  const seats = load >= 1 ? 0 : Math.max(0, Math.round(capacity * (1 - load)));
  const noise = rng.between(0.93, 1.08);
  const contract = ladder.contract && query.customer.corporateCarriers.includes(ladder.contract.carrier) ? ladder.contract : null;
  const offers: FareOffer[] = [];
  if (seats >= query.passengers) {
    for (const flex of ladder.flexes) {
      // The cheapest quota sells out first on busy departures.
      if (flex === 1 && load > 0.82 && ladder.flexes.length > 1) continue;
      const lead = flex === 3 ? 1 : leadTimeFactor(leadDays);
      let price = ladder.reference * FLEX_MULTIPLIER[flex] * demand * lead * noise;
      const tags = [...ladder.tags];
      if (contract && flex > 1) {
        price *= 0.85;
        tags.push(contract.tag);
      }
      // A fare is per passenger: with discount cards, the party's mean (exact for one traveller).
      price *= cardFactor(ladder, query, flex);
      const base: FareOffer = {
        id: `${journeyId}.${ladder.cabin}.${flex}`,
        flexibility: flex,
        name: ladder.names[flex],
        price: fareCents(price),
        conditions: FARE_TEXT[query.lang][flex],
        luggages: ladder.luggages(flex),
        ancillaries: ladder.ancillaries,
        tags,
        roundTrip: false,
        refundable: flex > 1,
        exchangeable: flex > 1,
      };
      offers.push(base);
      // Round-trip fares: every semi-flexible second-class fare has one, first class's by chance.
      if (query.withReturn && flex === 2 && (rng.chance(0.5) || ladder.cabin === 'second'))
        offers.push({
          ...base,
          id: `${base.id}.rt`,
          name: `${base.name} ${query.lang === 'fr' ? 'aller-retour' : 'return'}`,
          price: fareCents(price * 0.85),
          roundTrip: true,
        });
    }
  }
  return { cabin: ladder.cabin, seats, unavailabilityReason: null, offers };
}

export function journeyOf(id: string, mode: Journey['mode'], from: Place, to: Place, sections: Section[], cabins: CabinAvailability[]): Journey {
  const first = sections[0]!;
  const last = sections[sections.length - 1]!;
  return {
    id,
    mode,
    from,
    to,
    departure: first.departure,
    arrival: last.arrival,
    duration: Math.round((new Date(last.arrival).getTime() - new Date(first.departure).getTime()) / 60_000),
    co2: sections.reduce((sum, s) => sum + s.co2, 0),
    sections,
    cabins,
  };
}

export type { Customer, Lang };
