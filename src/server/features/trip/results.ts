import { centsMoney } from '@contract/money';
import { linkTo } from '@contract/rels';
import type { Choice, Offer, Proposal, TripResults } from '@contract/trip';
import type { StoredSearch } from '@server/db/trip-searches';
import type { FareOffer, Journey } from '@server/domain/journey';
import { choiceId, offerId, proposalId, type StoredTripRequest as Stored } from '@server/domain/trip';

/** The trip results as the answer shows them: a stored search's journeys as proposals, choices and offers with their tags. */

const logo = (code: string) => `/media/sandbox/carrier/${code}.svg`;

/** An offer's compliance fare tag (spec 1 "Fare tags"), none when there is no verdict to show. */
export type ComplianceTags = (journey: Journey, cabin: string, offer: FareOffer) => ('compliant' | 'not-compliant')[];
export const NO_COMPLIANCE: ComplianceTags = () => [];

const travelerIDs = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** An offer as the answer shows it, with the fare's own tags (those of its choice, without the policy's verdict). */
type ShownOffer = { offer: Offer; ownTags: Offer['tags'] };

/** Before "more choices": only the cheapest offer of each cabin; after: every offer. */
function offersOf(searchID: string, index: number, journey: Journey, travelers: number, all: boolean, compliance: ComplianceTags): ShownOffer[] {
  return journey.cabins.flatMap((cabin) => {
    const indexed = cabin.offers.map((offer, i) => ({ offer, i }));
    const shown = all
      ? indexed
      : indexed
          .slice()
          .sort((a, b) => a.offer.price - b.offer.price)
          .slice(0, 1);
    return shown.map(({ offer, i }) => {
      const id = offerId(searchID, index, cabin.cabin, i);
      return {
        ownTags: offer.tags,
        offer: {
          id,
          cabin: cabin.cabin,
          flexibility: offer.flexibility,
          name: offer.name,
          price: offer.price * travelers,
          tags: [...offer.tags, ...compliance(journey, cabin.cabin, offer)],
          info: null,
          luggages: offer.luggages,
          fares: [{ condition: offer.conditions, code: `${offer.flexibility}${cabin.cabin.slice(0, 1).toUpperCase()}` }],
          ancillaries: offer.ancillaries.map((a) => ({ type: a.type, price: centsMoney(a.price), maxQuantity: a.maxQuantity })),
          roundTrip: offer.roundTrip,
          travelerIDs: travelerIDs(travelers),
          links: { fullfareConditions: linkTo('fullfareConditions', { offerID: id }) },
        },
      };
    });
  });
}

/** A journey's choices (one per cabin) and its offers, written once for both. */
export function choicesAndOffers(
  searchID: string,
  index: number,
  journey: Journey,
  travelers: number,
  all: boolean,
  compliance: ComplianceTags,
): { choices: Choice[]; offers: Offer[] } {
  const offers = offersOf(searchID, index, journey, travelers, all, compliance);
  const choices = journey.cabins.map((cabin) => {
    const id = choiceId(searchID, index, cabin.cabin);
    const mine = offers.filter((o) => o.offer.cabin === cabin.cabin);
    const hasMore = !all && cabin.offers.length > mine.length;
    return {
      id,
      cabin: cabin.cabin,
      price: mine.length ? Math.min(...mine.map((o) => o.offer.price)) : null,
      minimumReturnPrice: null,
      seats: cabin.seats,
      full: cabin.seats === 0 && !cabin.unavailabilityReason,
      unavailabilityReason: cabin.unavailabilityReason,
      // A cabin's tags sum up its fares' own tags; the policy verdict differs fare by fare, so it stays on the offers.
      tags: [...new Set(mine.flatMap((o) => o.ownTags))],
      offers: mine.map((o) => ({ offerID: o.offer.id, travelerIDs: o.offer.travelerIDs })),
      fareSummary: cabin.offers.map((o) => ({
        flexibility: o.flexibility,
        price: o.price * travelers,
        holdLuggage: o.luggages.some((l) => l.type === 'hold' && l.quantity > 0),
      })),
      links: hasMore ? { getMoreChoices: linkTo('getMoreChoices', { choiceID: id }) } : {},
    };
  });
  return { choices, offers: offers.map((o) => o.offer) };
}

const carrier = (c: { code: string; name: string }) => ({ code: c.code, name: c.name, logo: logo(c.code) });

function proposalOf(searchID: string, index: number, journey: Journey, travelers: number, compliance: ComplianceTags): Proposal {
  const carriers = [...new Map(journey.sections.map((s) => [s.transport.carrier.code, carrier(s.transport.carrier)])).values()];
  return {
    id: proposalId(searchID, index),
    type: journey.mode,
    from: journey.sections[0]!.from,
    to: journey.sections[journey.sections.length - 1]!.to,
    departure: journey.departure,
    arrival: journey.arrival,
    duration: journey.duration,
    transitCount: journey.sections.length - 1,
    co2Emission: journey.co2,
    marketingCarrier: carriers[0]!,
    carriers,
    sections: journey.sections.map((s) => ({
      from: s.from,
      to: s.to,
      departure: s.departure,
      arrival: s.arrival,
      duration: s.duration,
      transportType: s.transport.mode,
      kind: s.transport.kind,
      operatingCarrier: carrier(s.transport.operatingCarrier),
      marketingCarrier: carrier(s.transport.carrier),
      transportModel: s.transport.model,
      transportNumber: s.transport.number,
      distanceKm: s.distanceKm,
      co2Emission: s.co2,
      connectionDuration: s.connectionMinutes,
    })),
    ...choicesAndOffers(searchID, index, journey, travelers, false, compliance),
    hasRoundTripOffers: journey.cabins.some((c) => c.offers.some((o) => o.roundTrip)),
  };
}

export function resultsOf(row: StoredSearch, request: Stored, journeys: Journey[], compliance: ComplianceTags): TripResults {
  const proposals = journeys.map((j, i) => proposalOf(row.id, i, j, request.body.nb_travelers, compliance));
  const carriersOf = (mode: 'rail' | 'flight') => [
    ...new Map(
      proposals
        .filter((p) => p.type === mode)
        .flatMap((p) => p.carriers)
        .map((c) => [c.code, c]),
    ).values(),
  ];
  const warns = [];
  if (request.body.filters.flight && !proposals.some((p) => p.type === 'flight' && p.transitCount === 0) && proposals.some((p) => p.type === 'flight'))
    warns.push({
      code: 'NO_RESULTS_WITHOUT_TRANSIT',
      message: request.lang === 'fr' ? 'Aucun vol sans escale : voici les vols avec correspondance.' : 'No non-stop flight: here are flights with connections.',
    });
  return {
    searchID: row.id,
    leg: row.leg,
    proposals,
    carriers: { rail: carriersOf('rail'), flight: carriersOf('flight') },
    places: { from: request.origin, to: request.destination },
    warns,
    travelID: request.body.travelID ?? null,
    links: {
      next: linkTo('next'),
      previous: linkTo('previous'),
      travelerForm: linkTo('travelerForm'),
    },
  };
}
