import type { MouseEvent, ReactNode } from 'react';
import { Suspense, lazy, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleCheck from 'lucide-react/icons/circle-check';
import Pencil from 'lucide-react/icons/pencil';
import type { User } from '@contract/account';
import type { HotelDetails, HotelSearchResult, HotelSummary, RoomOffer } from '@contract/hotel';
import type { Place } from '@contract/places';
import { Button, buttonClass } from '@web/components/Button';
import { SearchingState, StepSpinner } from '@web/components/results/states';
import { LazyResultsMap, preloadResultsMap } from '@web/components/map/LazyResultsMap';
import type { MapPoint } from '@web/components/map/types';
import { withHour } from '@web/components/date-picker/dates';
import { cartAfterAdd } from '@web/lib/cart';
import { useFeatures } from '@web/lib/features';
import { useUser } from '@web/lib/me';
import { passengerNameOf } from '@web/lib/passenger-names';
import { searchPerson } from '@web/lib/search-travelers';
import { placeNameOf } from '@web/lib/place-names';
import { queryClient } from '@web/lib/query';
import { toast } from '@web/lib/toast';
import type { HotelCartAddResult } from '../api';
import { hotelSearchBody, hotelSearchQuery } from '../api';
import { hotelPlaceOf } from '../last-search';
import type { HotelValues } from '../search-form/validation';
import { loadHotelSearchForm } from '../search-form/load';
import type { HotelSearchUrl } from '../url';
import { Distribution } from './Distribution';
import { randomHotelFact } from './facts';
import type { HotelFilters } from './filters';
import { DEFAULT_FILTERS, filterHotels, priceBounds, priceProblem, sortHotels } from './filters';
import { HotelFiltersPanel, useIsMobile } from './HotelFiltersPanel';
import { HotelDetail } from './HotelDetail';
import { HotelList } from './HotelList';
import type { SearchedTraveler } from './HotelTravelerForm';
import { HotelTravelerForm } from './HotelTravelerForm';
import { formatStayDay, nightsBetween } from './format';
import { roomOfferTravelers } from './rooms';
import { CommsBanner } from '@web/components/CommsBanner';

const HotelSearchForm = lazy(loadHotelSearchForm);

/** Spec 1 §8 NO_RESULTS_SEARCH: a warning toast (5 to 8 s) asking to widen the search. */
const NO_RESULTS_SEARCH = msg({
  comment: 'NO_RESULTS_SEARCH',
  message: 'Aucun hôtel ne correspond à votre recherche : élargissez le rayon, changez de dates ou retirez des filtres.',
});
const NO_RESULTS_TOAST_MS = 6_000;
const LIST_ID = 'hotel-results';

function Searching() {
  const [fact] = useState(randomHotelFact);
  return <SearchingState title={<Trans>Recherche des hôtels</Trans>} fact={fact} row="h-28" />;
}

/** `YYYY-MM-DD` → that day at noon on the reader's calendar (the form's value). */
const dayAtNoon = (day: string) => withHour(new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))), 12);

/** The form's values for the URL's search (Modify search): the place as the form chose it, else as the URL has it. */
function valuesOf(url: HotelSearchUrl, city: string): Partial<HotelValues> {
  const place: Place = hotelPlaceOf(url.place) ?? {
    ID: url.place,
    name: placeNameOf(url.place) ?? city,
    description: city,
    type: 'city',
    lat: url.lat,
    lon: url.lon,
    city,
    country: '',
    zip_code: null,
    formatted_address: city,
    provider_codes: [],
  };
  return {
    place,
    radius: url.radius,
    checkIn: dayAtNoon(url.in),
    checkOut: dayAtNoon(url.out),
    name: url.name ?? '',
    stars: url.stars ?? null,
    breakfast: url.breakfast ?? false,
    halfBoard: url.halfBoard ?? false,
    fullBoard: url.fullBoard ?? false,
    pax: url.pax.map((ref) => ({ ref, name: passengerNameOf(ref), hasBirthdate: false })),
    rooms: url.rooms,
    entity: url.entity ?? '',
  };
}

/** Each traveller of the search as the traveller form starts: the user's profile for `me`, the names known for the others. */
function searchedTravelers(url: HotelSearchUrl, user: User | null, results: HotelSearchResult): SearchedTraveler[] {
  return url.pax.map((ref, i) => {
    const found = results.travelers.find((tr) => tr.id === i + 1);
    if (ref === 'me' && user)
      return {
        profile_id: user.uid,
        values: { gender: user.gender ?? '', firstname: user.firstname, lastname: user.lastname, email: user.email, phone: user.phone ?? '' },
      };
    const [first, ...rest] = (passengerNameOf(ref) ?? '').split(' ');
    const person = searchPerson(ref, null);
    return {
      profile_id: found?.profile_id ?? person.profile_id ?? null,
      guest_id: found?.guest_id ?? person.guest_id ?? null,
      values: { gender: '', firstname: found?.firstname ?? first ?? '', lastname: found?.lastname ?? rest.join(' '), email: '', phone: '' },
    };
  });
}

type Step =
  | { kind: 'rooms' }
  | { kind: 'distribution'; rooms: RoomOffer[]; details: HotelDetails }
  | { kind: 'travelers'; rooms: RoomOffer[]; assignment: number[]; details: HotelDetails };

/**
 * The hotel results screen (spec 1 §2 "Hotel results screen", §4 "Hotel", §8): the search keyed by the
 * URL, "searching" with a fact, nothing found → a toast and back to the form; then the list with its
 * filters and sorts, the map beside it (instead of it on a phone), the chosen hotel's details, its rooms,
 * who sleeps where, the travellers, and add to cart.
 */
export function HotelResultsScreen({ url }: { url: HotelSearchUrl }) {
  return <Results key={JSON.stringify(url)} url={url} />;
}

function Results({ url }: { url: HotelSearchUrl }) {
  const { t } = useLingui();
  const user = useUser();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const query = useQuery(hotelSearchQuery(url, user));
  const [filters, setFilters] = useState<HotelFilters>(DEFAULT_FILTERS);
  const [showMap, setShowMap] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'rooms' });
  const [added, setAdded] = useState<{ name: string; travelID: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const detailRef = useRef<HTMLDivElement>(null);

  const hotels = query.data?.hotels;
  const empty = hotels !== undefined && hotels.length === 0;
  useEffect(() => {
    if (!empty) return;
    // Spec 1 §2, §8: nothing found → a warning toast and back to the search form.
    toast.warning(NO_RESULTS_SEARCH, { duration: NO_RESULTS_TOAST_MS });
    void navigate({ to: '/', search: url.travelID ? { type: 'hotel', travelID: url.travelID } : { type: 'hotel' }, replace: true });
  }, [empty, navigate, url.travelID]);

  useEffect(() => {
    if (hotels?.length) preloadResultsMap();
  }, [hotels]);

  // Filtering 500 hotels stays off the keystroke's frame: the list follows a moment later.
  const deferred = useDeferredValue(filters);
  const bounds = useMemo(() => priceBounds(hotels ?? []), [hotels]);
  const visible = useMemo(() => {
    const usable = bounds && priceProblem(deferred, bounds) ? { ...deferred, minPrice: null, maxPrice: null } : deferred;
    return sortHotels(filterHotels(hotels ?? [], usable), deferred.sortBy);
  }, [hotels, deferred, bounds]);
  const selected = visible.find((h) => h.id === selectedId) ?? null;

  const select = (id: string) => {
    setSelectedId(id);
    setStep({ kind: 'rooms' });
    setAdded(null);
    // On a phone the detail replaces the list: its heading takes the focus.
    if (mobile) requestAnimationFrame(() => detailRef.current?.querySelector<HTMLElement>('h2')?.focus());
  };
  const backToList = () => {
    const id = selectedId;
    setSelectedId(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-hotel-id="${id ? CSS.escape(id) : ''}"] button`)?.focus());
  };

  const points = useMemo<MapPoint[]>(
    () =>
      visible.map((h) => {
        const price = `${Math.round(h.min_price_per_night / 100)} €`;
        return { id: h.id, lat: h.latitude, lon: h.longitude, label: price, name: `${h.name}, ${price}` };
      }),
    [visible],
  );

  const skipToResults = (event: MouseEvent) => {
    const control = document.getElementById(LIST_ID)?.querySelector<HTMLElement>('button[tabindex="0"]');
    if (!control) return;
    event.preventDefault();
    control.focus();
  };

  const nights = nightsBetween(url.in, url.out);
  const travelers = url.pax.length;
  const checkIn = formatStayDay(url.in);
  const checkOut = formatStayDay(url.out);
  const city = query.data?.city ?? placeNameOf(url.place) ?? '';
  const features = useFeatures();

  const onAdded = (result: HotelCartAddResult, hotel: HotelSummary) => {
    // redirectToCart: straight to the cart once added.
    if (features.redirectToCart) return void navigate(cartAfterAdd(features, result.travel.id));
    setAdded({ name: hotel.name, travelID: result.travel.id });
    setSelectedId(null);
    setStep({ kind: 'rooms' });
  };
  const searchAgain = async () => {
    setSelectedId(null);
    setStep({ kind: 'rooms' });
    queryClient.removeQueries({ queryKey: ['hotel-details'] });
    await query.refetch();
  };

  if (query.isError)
    return (
      <Frame>
        <div role="alert" className="space-y-3 rounded-xl border border-red-700 bg-red-50 p-4 text-red-800">
          <p className="font-semibold">
            <Trans>La recherche d’hôtels n’a pas abouti.</Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void query.refetch()}>
              <Trans>Réessayer</Trans>
            </Button>
            <Link to="/" search={{ type: 'hotel' }} className={buttonClass.secondary}>
              <Trans>Modifier la recherche</Trans>
            </Link>
          </div>
        </div>
      </Frame>
    );

  const subtitle = (
    <p className="text-gray-800 tabular-nums">
      {nights === 1 ? <Trans>1 nuit</Trans> : <Trans>{nights} nuits</Trans>} ·{' '}
      {travelers === 1 ? <Trans>1 voyageur</Trans> : <Trans>{travelers} voyageurs</Trans>} ·{' '}
      <Trans>
        du {checkIn} au {checkOut}
      </Trans>
    </p>
  );
  const heading = (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{city ? <Trans>Hôtels à {city}</Trans> : <Trans>Hôtels</Trans>}</h1>
        {subtitle}
      </div>
      {features.enableEditSearchButton && (
        <Button variant="secondary" className="max-[759px]:hidden" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>
          <Pencil aria-hidden="true" size={18} />
          <Trans>Modifier la recherche</Trans>
        </Button>
      )}
    </div>
  );

  const results = query.data;
  if (!hotels || !results || empty)
    return (
      <Frame>
        {heading}
        <Searching />
      </Frame>
    );

  const total = hotels.length;
  const noRefundable = filters.cancellable && !hotels.some((h) => h.has_cancellable_offer);
  const body = hotelSearchBody(url, user);
  const listOrMap = (
    <>
      {(!showMap || !mobile) &&
        (visible.length > 0 ? (
          <HotelList hotels={visible} listId={LIST_ID} scrollKey={JSON.stringify(deferred)} selectedId={selectedId} onSelect={select} />
        ) : (
          <div role="status" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
            <p>
              {noRefundable ? (
                <Trans comment="NO_REFUNDABLE_ROOMS_AVAILABLE">Aucune chambre remboursable n’est disponible pour ces dates.</Trans>
              ) : (
                <Trans comment="NO_RESULTS">Aucun hôtel ne correspond à vos filtres, sur {total} trouvés.</Trans>
              )}
            </p>
            <Button variant="secondary" onClick={() => setFilters({ ...DEFAULT_FILTERS, sortBy: filters.sortBy })}>
              <Trans>Effacer les filtres</Trans>
            </Button>
          </div>
        ))}
    </>
  );
  const map = showMap && (
    <div className="h-[640px] max-[759px]:h-[70vh]">
      <LazyResultsMap
        points={points}
        center={{ lat: url.lat, lon: url.lon }}
        radiusKm={url.radius}
        selectedId={selectedId}
        onSelect={select}
        origin={{ lat: url.lat, lon: url.lon, name: t`Lieu recherché : ${city}` }}
        texts={{
          region: t`Carte des hôtels`,
          cluster: (count) => t`${count} hôtels, zoomer`,
          noWebGl: t`Votre navigateur ne peut pas afficher la carte : la liste présente tous les hôtels.`,
          tilesFailed: t`La carte n’a pas pu être chargée : la liste présente tous les hôtels.`,
        }}
      />
    </div>
  );

  let detail = null;
  if (selected) {
    const names = searchedTravelers(url, user, results).map((tr, i) => `${tr.values.firstname} ${tr.values.lastname}`.trim() || t`Voyageur ${i + 1}`);
    detail =
      step.kind === 'rooms' ? (
        <HotelDetail
          key={selected.id}
          hotel={selected}
          body={body}
          travelers={travelers}
          cancellableOnly={filters.cancellable}
          onNext={({ rooms }, details) =>
            setStep(travelers === 1 ? { kind: 'travelers', rooms, assignment: [0], details } : { kind: 'distribution', rooms, details })
          }
        />
      ) : step.kind === 'distribution' ? (
        <Distribution
          rooms={step.rooms}
          names={names}
          onBack={() => setStep({ kind: 'rooms' })}
          onNext={(assignment) => setStep({ ...step, kind: 'travelers', assignment })}
        />
      ) : (
        <HotelTravelerForm
          link={step.details.links.addHotelToCart}
          travelers={searchedTravelers(url, user, results)}
          body={{
            hotel_id: selected.id,
            room_offer_travelers: roomOfferTravelers(step.rooms, step.assignment),
            travelID: url.travelID ?? results.travelID,
            customer_id: url.customer ?? null,
            entity_id: url.entity ?? null,
          }}
          onBack={() => setStep(travelers === 1 ? { kind: 'rooms' } : { kind: 'distribution', rooms: step.rooms, details: step.details })}
          onAdded={(result) => onAdded(result, selected)}
          onUnavailable={searchAgain}
        />
      );
  }
  const detailShown = detail !== null;

  return (
    <Frame>
      <a href={`#${LIST_ID}`} onClick={skipToResults} className="sr-only self-start rounded-lg bg-white px-4 py-3 font-semibold text-brand focus:not-sr-only">
        <Trans>Aller aux résultats</Trans>
      </a>
      {heading}
      <CommsBanner support="results" entityId={url.entity ?? null} />
      {editing && (
        <Suspense fallback={<StepSpinner />}>
          <HotelSearchForm initial={valuesOf(url, city)} travelID={url.travelID} />
        </Suspense>
      )}
      {added && <AddedNotice name={added.name} travelID={added.travelID} onContinue={() => setAdded(null)} />}

      <div className={`flex flex-col gap-3 ${mobile && detailShown ? 'hidden' : ''}`}>
        <HotelFiltersPanel filters={filters} onChange={setFilters} bounds={bounds} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p aria-live="polite" className="text-gray-800">
            {visible.length === total ? (
              <Trans>{total} hôtels</Trans>
            ) : (
              <Trans>
                {visible.length} hôtels sur {total}
              </Trans>
            )}
          </p>
          <label className="flex min-h-11 items-center gap-3 font-medium text-gray-900">
            <input type="checkbox" role="switch" checked={showMap} onChange={(e) => setShowMap(e.target.checked)} className="size-5 accent-[var(--brand)]" />
            <Trans>Afficher la carte</Trans>
          </label>
        </div>
      </div>

      {mobile ? (
        detailShown ? (
          <div ref={detailRef} className="space-y-3">
            <Button variant="secondary" onClick={backToList}>
              <ArrowLeft aria-hidden="true" size={18} />
              <Trans>Retour à la liste</Trans>
            </Button>
            <div className="rounded-xl border border-gray-200 bg-white p-4">{detail}</div>
          </div>
        ) : (
          <>{showMap ? map : listOrMap}</>
        )
      ) : (
        <div
          className={`grid items-start gap-4 ${showMap ? 'grid-cols-[22rem_minmax(0,1fr)] min-[1200px]:grid-cols-[22rem_minmax(0,1fr)_26rem]' : 'grid-cols-[minmax(0,1fr)_minmax(0,1fr)]'}`}
        >
          <div>{listOrMap}</div>
          {map}
          <div ref={detailRef} className={`rounded-xl border border-gray-200 bg-white p-4 ${showMap ? 'min-[760px]:max-[1199px]:col-span-2' : ''}`}>
            {detail ?? (
              <p className="text-gray-700">
                <Trans>Choisissez un hôtel pour voir ses chambres et ses prix.</Trans>
              </p>
            )}
          </div>
        </div>
      )}
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex-1 bg-gray-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4">{children}</div>
    </div>
  );
}

/** After add to cart: what was added and the way to the cart; the results stay. */
function AddedNotice({ name, travelID, onContinue }: { name: string; travelID: string; onContinue: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const features = useFeatures();
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="hotel-added-title" className="flex flex-col gap-3 rounded-xl border border-green-700 bg-green-50 p-4 text-gray-900">
      <h2 id="hotel-added-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold focus:outline-none">
        <CircleCheck aria-hidden="true" size={22} className="text-green-800" />
        <Trans>Ajouté à votre panier</Trans>
      </h2>
      <p>{name}</p>
      <div className="flex flex-wrap gap-2">
        <Link {...cartAfterAdd(features, travelID)} className={buttonClass.primary}>
          <Trans>Voir le panier</Trans>
        </Link>
        <Button variant="secondary" onClick={onContinue}>
          <Trans>Continuer</Trans>
        </Button>
      </div>
    </section>
  );
}
