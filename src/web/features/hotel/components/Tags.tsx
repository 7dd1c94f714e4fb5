import { useLingui } from '@lingui/react/macro';
import type { HotelSummary } from '@contract/hotel';

type PolicyTag = HotelSummary['tags'][number];

/** The company policy's verdict and the negotiated rate, as words with their colour (never colour alone). */
export function PolicyTags({ tags }: { tags: readonly PolicyTag[] }) {
  const { t } = useLingui();
  if (tags.length === 0) return null;
  const look: Record<PolicyTag, [string, string]> = {
    compliant: [t`Conforme à la politique`, 'border-green-700 text-green-800'],
    'not-compliant': [t`Hors politique`, 'border-amber-700 text-amber-900'],
    'negociated-fare': [t`Tarif négocié`, 'border-sky-700 text-sky-900'],
  };
  return (
    <span className="flex flex-wrap gap-1">
      {tags.map((tag) => (
        <span key={tag} className={`rounded-full border px-2 text-xs font-semibold ${look[tag][1]}`}>
          {look[tag][0]}
        </span>
      ))}
    </span>
  );
}

/** What the hotel offers (its tags), as a list of words. */
export function HotelFeatures({ tags }: { tags: HotelSummary['hotel_tags'] }) {
  const { t } = useLingui();
  const words: [boolean, string][] = [
    [tags.is_program_hotel, t`Hôtel du programme de l’entreprise`],
    [tags.has_loyalty, t`Programme de fidélité`],
    [tags.has_prm, t`Accessible aux personnes à mobilité réduite`],
    [tags.has_electric_charging_station, t`Borne de recharge électrique`],
    [tags.has_restaurant, t`Restaurant`],
    [tags.has_pool, t`Piscine`],
    [tags.has_parking, t`Parking`],
    [tags.has_wifi, t`Wi-Fi`],
    [tags.has_eco_friendly, t`Éco-responsable`],
  ];
  const shown = words.filter(([on]) => on);
  if (shown.length === 0) return null;
  return (
    <ul aria-label={t`Services`} className="flex flex-wrap gap-2">
      {shown.map(([, word]) => (
        <li key={word} className="rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800">
          {word}
        </li>
      ))}
    </ul>
  );
}
