import { sandboxPlaces } from '@server/supplier/sandbox/places';
import { railJourneys } from '@server/supplier/sandbox/rail';

/**
 * A real sandbox Paris → Lyon train `daysAhead` days from now at 07:00 (the servers run on the real
 * clock), as a search answers it for `companyId`: the journey, its first priced cabin and that cabin's
 * first offer, for the worlds the bench sections write before their server starts.
 */
export function parisLyonTrain(daysAhead: number, companyId: string) {
  const places = sandboxPlaces();
  const now = new Date();
  const day = new Date(now.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const [journey] = railJourneys(
    {
      origin: places.byId('city:paris', 'fr')!,
      destination: places.byId('city:lyon', 'fr')!,
      datetime: `${day}T07:00`,
      represents: 'departure',
      passengers: 1,
      customer: { companyId, corporateCarriers: [], negotiatedChains: [] },
      lang: 'fr',
      withReturn: false,
      now,
    },
    places.byId,
  );
  const cabin = journey!.cabins.find((c) => c.offers.length > 0)!;
  return { journey: journey!, cabin, offer: cabin.offers[0]! };
}
