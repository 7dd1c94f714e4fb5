import type { TravelPolicyRules } from '../domain/company';
import type { Journey } from '../domain/journey';
import { fastestOnDay, railDayOfFlight, tripCompliance, type Compliance, type TripToCheck } from '../domain/policy';
import { SupplierError, type JourneyTiming, type RailSupplier } from './types';

/**
 * The rail question the travel policy asks of a flight (domain/policy.ts): how fast is the fastest
 * train between the same places on the same day. Asked of any rail supplier, through its interface.
 */

/**
 * The fastest train between the flight's origin and destination on its day, in minutes, asked the
 * way the trip search asks (the searched places, from the start of the day or from now if later);
 * null when no train links them that day.
 */
export async function fastestTrainMinutes(rail: RailSupplier, flight: Journey, now: Date): Promise<number | null> {
  const { day, from } = railDayOfFlight(flight, now);
  let trains: JourneyTiming[];
  try {
    // Only times matter: a supplier that can tell them without pricing every fare is asked for them.
    trains = await (rail.timings ? rail.timings.bind(rail) : rail.journeys.bind(rail))({
      origin: flight.from,
      destination: flight.to,
      datetime: from,
      represents: 'departure',
      passengers: 1,
      customer: { companyId: null, corporateCarriers: [], negotiatedChains: [] },
      lang: 'fr',
      withReturn: false,
      now,
    });
  } catch (err) {
    // No station serves one of the places: there is no train to prefer.
    if (err instanceof SupplierError && err.kind === 'invalid-place') return null;
    throw err;
  }
  return fastestOnDay(trains, day);
}

/** The verdict for a trip, asking the rail supplier only for a flight under a policy. */
export async function evaluateTrip(policy: TravelPolicyRules | null, trip: TripToCheck, rail: RailSupplier, now: Date): Promise<Compliance> {
  const fastest = policy && trip.journey.mode === 'flight' ? await fastestTrainMinutes(rail, trip.journey, now) : null;
  return tripCompliance(policy, trip, fastest);
}
