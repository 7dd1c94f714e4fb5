import { EXCHANGEABLE_TAG, type ExchangeJourney, type ExchangeSection } from '@contract/exchange';
import { escapeHtml } from '@contract/html';
import { personName } from '@contract/person-name';
import { linkTo } from '@contract/rels';
import type { Product } from '@contract/travel';
import { FLEX_NAMES, type CabinAvailability, type FareOffer, type Journey, type Section } from './journey';
import type { StoredProduct, TripData } from './product';

/**
 * Rail exchange rules (spec 2 §4 "Exchange wizard"), pure: which tickets may be exchanged,
 * their sections, and the search results as the wizard shows them (price differences per class).
 */

/** An issued rail ticket whose fare lets it be exchanged (flexible or semi-flexible) and whose train has not left yet. */
type ExchangeFacts = Pick<StoredProduct, 'type' | 'status' | 'startsAt'> & { data: { type: string; offer?: Pick<FareOffer, 'exchangeable'> } };
export const exchangeable = (product: ExchangeFacts, now: Date): boolean =>
  product.type === 'rail' && product.data.offer?.exchangeable === true && product.status === 'issued' && product.startsAt.getTime() > now.getTime();

/** The ticket's tags (spec 2 §3 "Ticket"): ITP while it may be exchanged. */
export const ticketTags = (product: ExchangeFacts, now: Date): string[] => (exchangeable(product, now) ? [EXCHANGEABLE_TAG] : []);

const stop = (place: Journey['from']) => ({ name: place.name, city: place.city, lat: place.lat, lon: place.lon });

/**
 * The parts of a product that can be exchanged. A product here is one journey (a round trip is two
 * products), exchanged whole: one section, whose id is the journey's.
 */
export function exchangeSections(product: { id: string; data: TripData }, routes: Product['routes']): ExchangeSection[] {
  const { journey } = product.data;
  return [
    {
      id: sectionIdOf(journey),
      from: stop(journey.from),
      to: stop(journey.to),
      departure: journey.departure,
      arrival: journey.arrival,
      routes,
      links: { searchExchange: linkTo('searchExchange', { productID: product.id, sectionID: sectionIdOf(journey) }) },
    },
  ];
}

export const sectionIdOf = (journey: Pick<Journey, 'id'>) => journey.id;

/** A choice of a stored exchange search: the journey's index, its class and the fare's index. */
export type ChoiceRef = { searchId: string; journey: number; cabin: 'first' | 'second'; offer: number };
export const choiceIdOf = (c: ChoiceRef) => `${c.searchId}.${c.journey}.${c.cabin}.${c.offer}`;
export function parseChoiceId(id: string): ChoiceRef | null {
  const m = /^([0-9a-f-]{36})\.(\d{1,3})\.(first|second)\.(\d{1,2})$/.exec(id);
  return m ? { searchId: m[1]!, journey: Number(m[2]), cabin: m[3] as 'first' | 'second', offer: Number(m[4]) } : null;
}

/** What the old ticket's fare cost, every traveller included (options aside: they stay with the old train). */
export const oldFareTotal = (data: TripData) => data.offer.price * Math.max(data.travelers.length, 1);

/** The fare difference of a new fare for the product's travellers (negative: the new one is cheaper). */
export const priceDeltaOf = (data: TripData, fare: Pick<FareOffer, 'price'>) => fare.price * Math.max(data.travelers.length, 1) - oldFareTotal(data);

/** A short fare basis code: class (1/2) and flexibility (NF, SF, FF). */
const fareBasis = (cabin: string, fare: FareOffer) => `${cabin === 'first' ? 'P1' : 'P2'}${['NF', 'SF', 'FF'][fare.flexibility - 1]}`;

/** Fares that may replace the old ticket: the ones that are themselves exchangeable or not, but sold one way. */
const candidateFares = (cabin: CabinAvailability, passengers: number) => (cabin.seats >= passengers ? cabin.offers.filter((o) => !o.roundTrip) : []);

type Presenter = {
  productId: string;
  sectionId: string;
  searchId: string;
  data: TripData;
  routesOf: (sections: Section[]) => Product['routes'];
  carrierLogo: (code: string) => string;
};

/** The search's journeys as the wizard lists them: per class, each fare's difference with the old ticket, the smallest first. */
export function presentExchangeJourneys(journeys: Journey[], p: Presenter): ExchangeJourney[] {
  const passengers = Math.max(p.data.travelers.length, 1);
  return journeys.map((journey, j) => {
    const classOf = (cabinName: 'first' | 'second') => {
      const cabin = journey.cabins.find((c) => c.cabin === cabinName);
      const fares = cabin ? candidateFares(cabin, passengers) : [];
      if (!cabin || fares.length === 0) return null;
      const choices = fares.map((fare) => {
        const choiceID = choiceIdOf({ searchId: p.searchId, journey: j, cabin: cabinName, offer: cabin.offers.indexOf(fare) });
        const perTraveler = fare.price - p.data.offer.price;
        return {
          id: choiceID,
          flexibility: FLEX_NAMES[fare.flexibility],
          priceDelta: priceDeltaOf(p.data, fare),
          tickets: p.data.travelers.map((t) => ({
            label: `${fare.name} – ${personName(t)}`,
            priceDelta: perTraveler,
            fareConditions: `<p>${escapeHtml(fare.conditions)}</p>`,
            fareBasis: fareBasis(cabinName, fare),
          })),
          links: { bookExchange: linkTo('bookExchange', { productID: p.productId, sectionID: p.sectionId, choiceID }) },
        };
      });
      return { minimumPriceDelta: Math.min(...choices.map((c) => c.priceDelta)), choices };
    };
    const first = journey.sections[0]!;
    return {
      id: journey.id,
      departure: journey.departure,
      arrival: journey.arrival,
      duration: journey.duration,
      routes: p.routesOf(journey.sections),
      isDirectTrip: journey.sections.length === 1,
      marketingCarrier: { name: first.transport.carrier.name, logo: p.carrierLogo(first.transport.carrier.code) },
      first: classOf('first'),
      second: classOf('second'),
    };
  });
}
