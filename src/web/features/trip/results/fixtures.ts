import type { Place } from '@contract/places';
import type { Choice, FareSummary, Offer, Proposal, TripResults } from '@contract/trip';

/** Trip results built with the contract types, for the component tests. */
export const place = (id: string, name: string, city: string): Place => ({
  ID: id,
  name,
  description: name,
  type: 'station',
  lat: 48.8,
  lon: 2.3,
  city,
  country: 'FR',
  zip_code: null,
  formatted_address: name,
  provider_codes: [],
});

const PARIS = place('station:paris-lyon', 'Paris Gare de Lyon', 'Paris');
const LYON = place('station:lyon-pd', 'Lyon Part-Dieu', 'Lyon');
const carrier = (code: string, name: string) => ({ code, name, logo: `/media/sandbox/carrier/${code}.svg` });

type Spec = {
  index: number;
  type?: 'rail' | 'flight';
  dep: string;
  arr: string;
  duration: number;
  transits?: number;
  co2?: number;
  carrier?: [string, string];
  /** Offer prices of the second class by flexibility (cents). */
  prices?: [number, number, number];
  full?: boolean;
  roundTrip?: boolean;
  more?: boolean;
};

export function offer(searchID: string, index: number, cabin: string, k: number, flexibility: 1 | 2 | 3, price: number, extra: Partial<Offer> = {}): Offer {
  const id = `${searchID}~${index}~${cabin}~${k}`;
  return {
    id,
    cabin,
    flexibility,
    name: flexibility === 1 ? 'Prem’s' : flexibility === 2 ? 'Loisir' : 'Pro',
    price,
    tags: ['compliant'],
    info: null,
    luggages: [{ type: 'hand', quantity: 1, conditions: '' }],
    fares: [],
    ancillaries: [],
    roundTrip: false,
    travelerIDs: [1],
    links: { fullfareConditions: { href: `/api/v1/treep/offers/${encodeURIComponent(id)}/fare-conditions`, method: 'GET' } },
    ...extra,
  };
}

/** A cabin's fares in brief, as the server sums them up on its choice. */
export const summaryOf = (offers: Offer[]): FareSummary[] =>
  offers.map((o) => ({ flexibility: o.flexibility, price: o.price, holdLuggage: o.luggages.some((l) => l.type === 'hold' && l.quantity > 0) }));

export function proposal(searchID: string, s: Spec): Proposal {
  const c = carrier(...(s.carrier ?? ['SN', 'SNCF']));
  const prices = s.prices ?? [3900, 6900, 9900];
  const offers = prices.map((p, k) => offer(searchID, s.index, 'second', k, (k + 1) as 1 | 2 | 3, p, { roundTrip: Boolean(s.roundTrip) }));
  const choice: Choice = {
    id: `${searchID}~${s.index}~second`,
    cabin: 'second',
    price: Math.min(...prices),
    minimumReturnPrice: null,
    seats: s.full ? 0 : 40,
    full: Boolean(s.full),
    unavailabilityReason: null,
    tags: [],
    offers: offers.map((o) => ({ offerID: o.id, travelerIDs: [1] })),
    fareSummary: s.full ? [] : summaryOf(offers),
    links: s.more ? { getMoreChoices: { href: `/api/v1/treep/choices/${searchID}~${s.index}~second/more`, method: 'GET' } } : {},
  };
  const first: Choice = {
    ...choice,
    id: `${searchID}~${s.index}~first`,
    cabin: 'first',
    price: null,
    full: false,
    unavailabilityReason: 'Pas de première classe',
    offers: [],
    fareSummary: [],
    links: {},
  };
  return {
    id: `${searchID}~${s.index}`,
    type: s.type ?? 'rail',
    from: PARIS,
    to: LYON,
    departure: `2026-12-01T${s.dep}:00+01:00`,
    arrival: `2026-12-01T${s.arr}:00+01:00`,
    duration: s.duration,
    transitCount: s.transits ?? 0,
    co2Emission: s.co2 ?? 2400,
    marketingCarrier: c,
    carriers: [c],
    sections: [],
    choices: [choice, first],
    offers: s.full ? offers.map((o) => ({ ...o })) : offers,
    hasRoundTripOffers: Boolean(s.roundTrip),
  };
}

export function results(specs: Spec[], extra: Partial<TripResults> = {}, searchID = 's1'): TripResults {
  const proposals = specs.map((s) => proposal(searchID, s));
  const carriersOf = (t: 'rail' | 'flight') => [
    ...new Map(
      proposals
        .filter((p) => p.type === t)
        .flatMap((p) => p.carriers)
        .map((c) => [c.code, c]),
    ).values(),
  ];
  return {
    searchID,
    leg: 'outward',
    proposals,
    carriers: { rail: carriersOf('rail'), flight: carriersOf('flight') },
    places: { from: PARIS, to: LYON },
    warns: [],
    travelID: null,
    links: {
      next: { href: '/api/v1/treep/next', method: 'POST' },
      previous: { href: '/api/v1/treep/previous', method: 'POST' },
      travelerForm: { href: '/api/v1/ticket/travelerForm', method: 'POST' },
    },
    ...extra,
  };
}

/** The traveller step's answer for alice alone (her last name prefilled), with the seat wishes given. */
export function aliceTravelerStep(placement: unknown[] = []) {
  return {
    links: { addToCart: { href: '/api/v1/cart/add?version=v2', method: 'POST' } },
    placement,
    travelerForms: [
      {
        travelerID: 1,
        guestID: null,
        profileID: 'u-alice',
        cards: [],
        fieldsGroups: [
          {
            label: 'Identité',
            isNested: false,
            group: 'identity',
            fields: [
              {
                name: 'lastname',
                label: 'Nom',
                placeholder: null,
                type: 'text',
                required: true,
                regex: null,
                regexDesc: null,
                options: null,
                disabled: false,
                value: 'Martin',
                linkedWith: null,
              },
            ],
          },
        ],
      },
    ],
  };
}
