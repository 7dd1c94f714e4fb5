import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import MapPin from 'lucide-react/icons/map-pin';
import Minus from 'lucide-react/icons/minus';
import Plus from 'lucide-react/icons/plus';
import type { HotelDetails, HotelSearchBody, HotelSummary, RoomOffer } from '@contract/hotel';
import { ROOM_OFFERS_PAGE } from '@contract/hotel';
import { Button } from '@web/components/Button';
import { FormAlert } from '@web/components/Field';
import { Spinner } from '@web/components/Spinner';
import { formatCo2, formatDistance, formatLocalDateTime, formatPrice } from '@web/lib/format-core';
import { currentLang } from '@web/lib/i18n';
import { hotelDetailsQuery } from '../api';
import { HotelImage } from '../components/HotelImage';
import { StarsLine } from '../components/Stars';
import { HotelFeatures, PolicyTags } from '../components/Tags';
import type { RoomsProblem } from './rooms';
import { capacityOf, roomsOf, roomsProblem } from './rooms';

/** Spec 1 §9: a description over 500 characters is cut to 300, with "see more". */
const LONG_DESCRIPTION = 500;
const CUT_DESCRIPTION = 300;

function Description({ text }: { text: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const id = useId();
  const long = text.length > LONG_DESCRIPTION;
  return (
    <div>
      <p id={id} className="whitespace-pre-line text-gray-800">
        {long && !open ? `${text.slice(0, CUT_DESCRIPTION).trimEnd()}…` : text}
      </p>
      {long && (
        <Button variant="link" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          {open ? t`Voir moins` : t`Voir plus`}
        </Button>
      )}
    </div>
  );
}

function Gallery({ urls, name }: { urls: string[]; name: string }) {
  const { t } = useLingui();
  const shown = urls.slice(0, 4);
  if (shown.length === 0) return <HotelImage src={null} className="h-48 w-full rounded-lg" />;
  return (
    <ul aria-label={t`Photos de ${name}`} className="grid grid-cols-2 gap-2">
      {shown.map((url, i) => (
        <li key={url} className={i === 0 ? 'col-span-2' : ''}>
          <HotelImage src={url} className={`w-full rounded-lg ${i === 0 ? 'h-48' : 'h-24'}`} />
        </li>
      ))}
    </ul>
  );
}

/** What a room includes: the meals, and whether it can be cancelled and until when (the hotel's clock). */
function useOfferFacts() {
  const { t } = useLingui();
  return (offer: RoomOffer) => {
    const meals =
      offer.breakfast_included && offer.lunch_included && offer.dinner_included
        ? t`Pension complète`
        : offer.breakfast_included && (offer.lunch_included || offer.dinner_included)
          ? t`Demi-pension`
          : offer.breakfast_included
            ? t`Petit-déjeuner inclus`
            : t`Sans repas`;
    const deadline = offer.cancel_deadline ? formatLocalDateTime(offer.cancel_deadline) : null;
    const cancel = offer.is_cancellable
      ? deadline
        ? t`Annulation gratuite jusqu’au ${deadline} (heure locale de l’hôtel)`
        : t`Annulable`
      : t`Non annulable, non remboursable`;
    return { meals, cancel };
  };
}

export type RoomChoice = { rooms: RoomOffer[] };

type Props = {
  hotel: HotelSummary;
  body: HotelSearchBody;
  /** How many travellers the search has. */
  travelers: number;
  /** The results' "cancellable" filter: only refundable rooms are shown. */
  cancellableOnly: boolean;
  /** Rooms chosen and capacity enough: the next step (distribution or travellers). */
  onNext: (choice: RoomChoice, details: HotelDetails) => void;
};

/**
 * The detail panel of a hotel (spec 1 §2, §4 "Hotel"): its details and rooms (the hotelDetails link; a
 * new hotel cancels the request of the previous one through the query's signal, a failure offers a retry),
 * pictures with a placeholder, services, reviews, description, then the room offers 5 at a time. One
 * traveller chooses a room; several choose how many of each, and Next waits until everyone has a bed.
 */
export function HotelDetail({ hotel, body, travelers, cancellableOnly, onNext }: Props) {
  const { t } = useLingui();
  const link = hotel.links.hotelDetails;
  const details = useQuery({ ...hotelDetailsQuery(link ?? { href: '/', method: 'POST' }, body), enabled: Boolean(link) });
  const [shownCount, setShownCount] = useState(ROOM_OFFERS_PAGE);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const offerFacts = useOfferFacts();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const firstNewOffer = useRef<number | null>(null);
  const offersRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    // "More prices": the focus goes to the first room it added.
    if (firstNewOffer.current === null) return;
    offersRef.current?.querySelectorAll<HTMLElement>('li')[firstNewOffer.current]?.querySelector<HTMLElement>('button')?.focus();
    firstNewOffer.current = null;
  }, [shownCount]);

  const problemText: Record<RoomsProblem, string> = {
    NO_ROOM: travelers === 1 ? t`Choisissez une chambre.` : t`Choisissez une ou plusieurs chambres.`,
    NOT_ENOUGH_CAPACITY: t`Les chambres choisies n’accueillent pas tous les voyageurs : ajoutez une chambre ou choisissez-en une plus grande.`,
    MORE_ROOMS_THAN_TRAVELERS: t`Plus de chambres que de voyageurs : chaque chambre doit accueillir au moins un voyageur.`,
  };

  const header = (
    <div className="space-y-2">
      <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className="text-xl font-bold text-gray-900 focus:outline-none">
        {hotel.name}
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-gray-800">
        <StarsLine stars={hotel.stars} />
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" size={16} />
          {hotel.address}, {hotel.zip_code} {hotel.city} · {t`à ${formatDistance(hotel.distance, currentLang())}`}
        </span>
      </p>
      <PolicyTags tags={hotel.tags} />
    </div>
  );

  if (!link)
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-4">
        {header}
      </section>
    );
  if (details.isPending)
    return (
      <section aria-labelledby={`${id}-title`} aria-busy="true" className="space-y-4">
        {header}
        <p role="status" className="flex items-center gap-2 text-gray-700">
          <Spinner /> <Trans>Chargement des chambres…</Trans>
        </p>
      </section>
    );
  if (details.isError)
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-4">
        {header}
        <FormAlert>
          <Trans>Une erreur est survenue lors de la récupération des informations de cet hôtel.</Trans>{' '}
          <Button variant="link" onClick={() => void details.refetch()}>
            <Trans>Réessayer</Trans>
          </Button>
        </FormAlert>
      </section>
    );

  const data = details.data;
  const offers = cancellableOnly ? data.room_offers.filter((o) => o.is_cancellable) : data.room_offers;
  const rooms = roomsOf(offers, quantities);
  const problem = roomsProblem(rooms, travelers);
  const capacity = capacityOf(rooms);
  const setQuantity = (offer: RoomOffer, n: number) => setQuantities((q) => ({ ...q, [offer.id]: Math.max(0, Math.min(n, offer.nb_available, travelers)) }));

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      {header}
      <Gallery urls={data.img_urls.length ? data.img_urls : hotel.img_url ? [hotel.img_url] : []} name={hotel.name} />
      <HotelFeatures tags={hotel.hotel_tags} />
      {hotel.reviews.length > 0 && (
        <ul aria-label={t`Avis`} className="flex flex-wrap gap-3 text-sm text-gray-800">
          {hotel.reviews.map((r) => {
            const { source, count } = r;
            const score = String(r.score).replace('.', ',');
            return (
              <li key={source} className="rounded-lg border border-gray-200 px-3 py-1">
                <span className="font-semibold tabular-nums">{score}</span> · {t`${source} (${count} avis)`}
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-gray-700">{t`${formatCo2(hotel.co2Emission * 1000)} de CO2 pour le séjour`}</p>
      {data.description && <Description text={data.description} />}

      <section aria-labelledby={`${id}-rooms`} className="space-y-3">
        <h3 id={`${id}-rooms`} className="text-lg font-bold text-gray-900">
          {t`Chambres`}
        </h3>
        {offers.length === 0 ? (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {cancellableOnly && data.room_offers.length > 0
              ? t`Aucune chambre remboursable n’est disponible dans cet hôtel.`
              : t`Plus aucune chambre n’est disponible dans cet hôtel pour ces dates.`}
          </p>
        ) : (
          <ul ref={offersRef} className="space-y-2">
            {offers.slice(0, shownCount).map((offer) => {
              const facts = offerFacts(offer);
              const quantity = quantities[offer.id] ?? 0;
              const { name } = offer;
              const max = offer.max_occupancy;
              return (
                <li key={offer.id} className={`rounded-xl border p-3 ${quantity > 0 ? 'border-brand ring-1 ring-brand' : 'border-gray-200'}`}>
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0 flex-1 space-y-1">
                      <p className="font-semibold text-gray-900">{name}</p>
                      <p className="text-sm text-gray-800">
                        {max === 1 ? t`1 personne maximum` : t`${max} personnes maximum`} · {facts.meals}
                      </p>
                      <p className={`text-sm ${offer.is_cancellable ? 'text-green-800' : 'text-gray-700'}`}>{facts.cancel}</p>
                      <PolicyTags tags={offer.tags} />
                    </div>
                    <div className="text-right">
                      <p className="text-lg font-bold tabular-nums text-gray-900">{formatPrice(offer.incl_taxes_amount)}</p>
                      <p className="text-sm text-gray-700 tabular-nums">{t`${formatPrice(offer.pricePerNight)} par nuit`}</p>
                    </div>
                  </div>
                  <div className="mt-2 flex justify-end">
                    {travelers === 1 ? (
                      <Button
                        variant={quantity > 0 ? 'primary' : 'secondary'}
                        aria-pressed={quantity > 0}
                        aria-label={t`Choisir la chambre ${name}, ${formatPrice(offer.incl_taxes_amount)}`}
                        onClick={() => setQuantities(quantity > 0 ? {} : { [offer.id]: 1 })}
                      >
                        {quantity > 0 ? t`Chambre choisie` : t`Choisir`}
                      </Button>
                    ) : (
                      <div role="group" aria-label={t`Nombre de chambres ${name}`} className="flex items-center gap-2">
                        <Button
                          variant="secondary"
                          aria-label={t`Retirer une chambre ${name}`}
                          disabled={quantity === 0}
                          onClick={() => setQuantity(offer, quantity - 1)}
                        >
                          <Minus aria-hidden="true" size={18} />
                        </Button>
                        <output aria-live="polite" className="w-6 text-center font-semibold tabular-nums">
                          {quantity}
                        </output>
                        <Button
                          variant="secondary"
                          aria-label={t`Ajouter une chambre ${name}`}
                          disabled={quantity >= Math.min(offer.nb_available, travelers)}
                          onClick={() => setQuantity(offer, quantity + 1)}
                        >
                          <Plus aria-hidden="true" size={18} />
                        </Button>
                      </div>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {offers.length > shownCount && (
          <Button
            variant="secondary"
            onClick={() => {
              firstNewOffer.current = shownCount;
              setShownCount((n) => n + ROOM_OFFERS_PAGE);
            }}
          >
            {t`Plus de prix`}
          </Button>
        )}
      </section>

      {offers.length > 0 && (
        <div className="sticky bottom-0 space-y-2 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
          <p id={`${id}-capacity`} aria-live="polite" className="text-sm text-gray-800">
            {rooms.length > 0 && travelers > 1 && t`Chambres choisies : ${rooms.length} · places : ${capacity} pour ${travelers} voyageurs.`}{' '}
            {problem && problemText[problem]}
          </p>
          <Button className="w-full" disabled={problem !== null} aria-describedby={`${id}-capacity`} onClick={() => onNext({ rooms }, data)}>
            {t`Suivant`}
          </Button>
        </div>
      )}
    </section>
  );
}
