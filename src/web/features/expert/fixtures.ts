import type { ExpertFlight, ExpertJourneyCard, ExpertResult } from '@contract/expert';
import type { Place } from '@contract/places';

/** Expert answers as the API gives them (contract/expert.ts), for the component tests' msw handlers. */

const place = (id: string, city: string, name = city): Place => ({
  ID: id,
  name,
  description: `${name}`,
  type: 'airport',
  lat: 45,
  lon: 5,
  city,
  country: 'FR',
  zip_code: null,
  formatted_address: name,
  provider_codes: [],
});
export const PARIS = place('city:paris', 'Paris', 'Paris-Charles-de-Gaulle');
export const NICE = place('city:nice', 'Nice', 'Nice-Côte d’Azur');
export const ROME = place('city:rome', 'Rome', 'Rome–Fiumicino');

const eur = (amount: number) => ({ amount, currency: 'EUR' as const });
const carrier = { code: 'AF', name: 'Air France', logo: '/media/sandbox/carrier/AF.svg' };
export const EXPERT_ID = 'a1.b2';
const NEXT = { href: `/api/v1/expert-search/${EXPERT_ID}/next`, method: 'POST' as const };
const TRAVELLER_FORM = { href: `/api/v1/expert-search/${EXPERT_ID}/traveler-form`, method: 'POST' as const };

/** A flight of `from` → `to` on `day` at `dep`, with a Light (+0) and a Flex fare (+`flexExtra`). */
export function flight(id: string, from: Place, to: Place, day: string, dep: string, arr: string, flexExtra = 6000): ExpertFlight {
  const offer = (n: number, label: string, extra: number, flexibility: 1 | 3) => ({
    offerId: `${id}~economy~${n}`,
    flexibility,
    label,
    price: eur(9000 + extra),
    extraPrice: eur(extra),
    condition: flexibility === 1 ? 'Ni échangeable ni remboursable' : 'Échangeable et remboursable',
    luggages: [{ type: 'hand' as const, quantity: 1, conditions: '1 bagage cabine de 12 kg' }],
    offerTags: { isCompliant: true, hasNegociatedFare: false, hasCorporateFare: false, hasCarbookrNegociatedFare: false, hasNDCFare: false },
  });
  const departure = `${day}T${dep}:00+01:00`;
  const arrival = `${day}T${arr}:00+01:00`;
  return {
    id,
    origin: from,
    destination: to,
    departure,
    arrival,
    duration: 95,
    segments: [{ origin: from, destination: to, departure, arrival, duration: 95, transportNumber: 'AF7700', marketingCarrier: carrier }],
    transits: [],
    marketingCarrier: carrier,
    co2Emission: 68_000,
    price: eur(9000),
    cabinClasses: [
      { id: 'economy', label: 'Économique', offers: [offer(0, 'Light', 0, 1), offer(1, 'Flex', flexExtra, 3)], bestExtraPrice: eur(0), proposalTags: [] },
    ],
  };
}

const card = (from: Place, to: Place, day: string, chosen?: { offerId: string; dep: string; arr: string; extra: number }): ExpertJourneyCard => ({
  origin: from,
  destination: to,
  departureDate: day,
  departureTime: chosen?.dep ?? null,
  arrivalTime: chosen?.arr ?? null,
  marketingCarrier: chosen ? carrier : null,
  extraPrice: chosen ? eur(chosen.extra) : null,
  offerId: chosen?.offerId ?? null,
});

/** Paris → Nice on 1 December, then Nice → Rome on 3 December: the first journey's answer. */
export function firstJourney(): ExpertResult {
  return {
    expertID: EXPERT_ID,
    journeys: [card(PARIS, NICE, '2026-12-01'), card(NICE, ROME, '2026-12-03')],
    currentJourneyIndex: 0,
    proposals: { flights: [flight('a1~0', PARIS, NICE, '2026-12-01', '07:10', '08:45'), flight('a1~1', PARIS, NICE, '2026-12-01', '12:30', '14:05')] },
    cabinClasses: { flight: [{ id: 'economy', label: 'Économique' }] },
    carriers: { flight: [carrier] },
    bestPackage: { price: eur(18000) },
    currentPackage: { price: eur(18000) },
    travelID: null,
    links: { nextJourney: NEXT },
  };
}

/** The second (last) journey's answer once `offerId` (+`extra`) was chosen for the first. */
export function secondJourney(offerId: string, extra: number): ExpertResult {
  return {
    ...firstJourney(),
    journeys: [card(PARIS, NICE, '2026-12-01', { offerId, dep: '07:10', arr: '08:45', extra }), card(NICE, ROME, '2026-12-03')],
    currentJourneyIndex: 1,
    proposals: { flights: [flight('b2~0', NICE, ROME, '2026-12-03', '09:00', '10:35', 4000)] },
    currentPackage: { price: eur(18000 + extra) },
    links: { expertTravelerForm: TRAVELLER_FORM },
  };
}

export const travellerStep = {
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
              type: 'text' as const,
              required: true,
              regex: "^[A-Za-z' -]{1,50}$",
              regexDesc: 'Lettres, espaces, apostrophes et tirets uniquement',
              options: null,
              disabled: false,
              value: 'Martin',
              linkedWith: null,
            },
            {
              name: 'birthdate',
              label: 'Date de naissance',
              placeholder: 'JJ/MM/AAAA',
              type: 'date' as const,
              required: true,
              regex: null,
              regexDesc: null,
              options: null,
              disabled: false,
              value: null,
              linkedWith: null,
            },
          ],
        },
      ],
    },
  ],
  links: { addExpertToCart: { href: `/api/v1/cart/expert/${EXPERT_ID}`, method: 'POST' as const } },
};
