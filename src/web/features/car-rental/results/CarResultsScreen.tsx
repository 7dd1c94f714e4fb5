import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import CircleCheck from 'lucide-react/icons/circle-check';
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal';
import type { CarRental, CarRentalSearchResult, Driver } from '@contract/car-rental';
import { Button, buttonClass } from '@web/components/Button';
import { FormAlert } from '@web/components/Field';
import { SearchingState, SignInToContinue } from '@web/components/results/states';
import { formatDay, formatTime } from '@web/lib/format';
import { ApiError, errorText } from '@web/lib/http';
import { cartAfterAdd } from '@web/lib/cart';
import { useFeatures } from '@web/lib/features';
import { useUser } from '@web/lib/me';
import { placeNameOf } from '@web/lib/place-names';
import { toast } from '@web/lib/toast';
import { addCarMutation, carSearchQuery, searchDriver } from '../api';
import type { CarSearchUrl } from '../url';
import { AgenciesMap } from './AgenciesMap';
import { CarCard } from './CarCard';
import { CarDetail } from './CarDetail';
import { CarFiltersPanel } from './CarFiltersPanel';
import type { DriverValues } from './driver';
import { driverSchema, driverValues } from './driver';
import { DriverForm } from './DriverForm';
import type { CarFilters, CarSort } from './filters';
import { CARS_PER_PAGE, DEFAULT_CAR_FILTERS, filterCars, sortCars } from './filters';
import { CommsBanner } from '@web/components/CommsBanner';

/** Spec 1 §8: nothing found sends the user back to the form with this warning, for 6 s. */
const NO_RESULTS_SEARCH = msg({
  comment: 'NO_RESULTS_SEARCH (car rental)',
  message: 'Aucune voiture disponible pour cette recherche : élargissez le rayon ou changez les dates.',
});

/** `YYYY-MM-DDTHH:mm` as `dd/MM/yyyy HH:mm`: the place's own clock. */
const wallClock = (local: string) => `${formatDay(local)} ${formatTime(local)}`;

function Searching({ from, to }: { from: string; to: string }) {
  const title =
    from === to ? (
      <Trans>Recherche des voitures disponibles à {from}</Trans>
    ) : (
      <Trans>
        Recherche des voitures à prendre à {from} et à rendre à {to}
      </Trans>
    );
  return <SearchingState title={title} row="h-24" />;
}

/**
 * The car-rental results screen (spec 1 §2, §4 "Car"): the search keyed by the URL, filters and sorts,
 * the list with the map of the pick-up agencies, a car's detail with the driver form, then add to cart.
 * Nothing found goes back to the form with NO_RESULTS_SEARCH.
 */
export function CarResultsScreen({ url }: { url: CarSearchUrl }) {
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const query = useQuery(carSearchQuery(url, user));
  const from = query.data?.pickup_name ?? placeNameOf(url.from) ?? url.from;
  const to = query.data?.return_name ?? placeNameOf(url.to) ?? url.to;
  const start = wallClock(url.start);
  const end = wallClock(url.end);

  const empty = query.data?.carRentals.length === 0;
  useEffect(() => {
    if (!empty) return;
    toast.warning(NO_RESULTS_SEARCH, { duration: 6_000 });
    void navigate({ to: '/', search: { type: 'car', ...(url.travelID ? { travelID: url.travelID } : {}) }, replace: true });
  }, [empty, navigate, url.travelID]);

  return (
    <div className="flex-1 bg-gray-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-bold text-gray-900">
              {from === to ? (
                <Trans>Location de voiture à {from}</Trans>
              ) : (
                <Trans>
                  Location de voiture : {from} - {to}
                </Trans>
              )}
            </h1>
            <p className="text-gray-800 tabular-nums">
              <Trans>
                Du {start} au {end}
              </Trans>
            </p>
          </div>
          {features.enableEditSearchButton && (
            <Link to="/" search={{ type: 'car', ...(url.travelID ? { travelID: url.travelID } : {}) }} className={buttonClass.secondary}>
              <Trans>Modifier la recherche</Trans>
            </Link>
          )}
        </div>
        <CommsBanner support="results" entityId={url.entity ?? null} />
        {query.isError ? (
          <div role="alert" className="rounded-xl border border-red-700 bg-red-50 p-4 text-red-800">
            <p className="font-semibold">
              <Trans>La recherche n’a pas abouti.</Trans>
            </p>
            <p>{errorText(query.error)}</p>
            <Button variant="link" onClick={() => void query.refetch()}>
              <Trans>Réessayer</Trans>
            </Button>
          </div>
        ) : !query.data || empty ? (
          <Searching from={from} to={to} />
        ) : (
          <Results key={query.data.carRentals[0]?.id} url={url} data={query.data} />
        )}
      </div>
    </div>
  );
}

const todayOf = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

function Results({ url, data }: { url: CarSearchUrl; data: CarRentalSearchResult }) {
  const { t } = useLingui();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<CarFilters>(DEFAULT_CAR_FILTERS);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [shown, setShown] = useState(CARS_PER_PAGE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [added, setAdded] = useState<{ car: CarRental; travelID: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const detailHeading = useId();
  const listId = useId();
  const sortId = useId();

  const cars = useMemo(() => sortCars(filterCars(data.carRentals, filters), filters.sortBy, data.renters), [data, filters]);
  const selected = data.carRentals.find((c) => c.id === selectedId) ?? null;

  // The driver is the search's: the same details for every car, the licence only where the renter asks for it.
  const full = Boolean(selected?.isDriverLicenseRequired);
  const today = todayOf(new Date());
  const who = searchDriver(url.driver, user) ?? {};
  const rules = driverSchema({ full, today, who });
  // The resolver reads the rules of the car shown now (a licence or not), not those of the first render.
  const rulesRef = useRef(rules);
  rulesRef.current = rules;
  const driverForm = useForm<DriverValues, unknown, Driver>({
    mode: 'onTouched',
    defaultValues: driverValues(data.driver),
    resolver: (values, context, options) => zodResolver(rulesRef.current)(values, context, options),
  });
  const complete = rules.safeParse(driverForm.watch()).success;
  const adding = useMutation(addCarMutation());

  const select = (id: string | null) => {
    setSelectedId(id);
    setFailure(null);
    if (id) requestAnimationFrame(() => document.getElementById(detailHeading)?.focus());
  };
  // A car that the filters hide closes.
  useEffect(() => {
    if (selectedId && !cars.some((c) => c.id === selectedId)) setSelectedId(null);
  }, [cars, selectedId]);

  const addedRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (added) addedRef.current?.focus();
  }, [added]);

  const add = driverForm.handleSubmit(async (driver) => {
    const link = selected?.links.addCarToCart;
    if (!selected || !link) return;
    setFailure(null);
    try {
      const answer = await adding.mutateAsync({
        link,
        input: { car_rental: { id: selected.id, driver }, travelID: url.travelID ?? null, customer_id: url.customer ?? null, entity_id: url.entity ?? null },
      });
      // redirectToCart: straight to the cart once added.
      if (features.redirectToCart) return void navigate(cartAfterAdd(features, answer.travel.id));
      setAdded({ car: selected, travelID: answer.travel.id });
      setSelectedId(null);
    } catch (error) {
      if (error instanceof ApiError && error.fields)
        for (const [path, key] of Object.entries(error.fields)) {
          const name = path.split('.').pop() as keyof DriverValues;
          if (name in driverForm.getValues()) driverForm.setError(name, { type: 'server', message: key });
        }
      setFailure(errorText(error));
    }
  });

  const agencyCars = (agencyId: string) => cars.filter((c) => c.pickup_place.id === agencyId);
  const sorts: { value: CarSort; label: string }[] = [
    { value: 'BY_PRICE', label: t`Prix` },
    { value: 'BY_PREF', label: t`Loueurs préférés` },
    { value: 'BY_DISTANCE', label: t`Distance` },
  ];
  const total = data.carRentals.length;

  return (
    <div className="flex flex-col gap-3">
      {added && (
        <section aria-labelledby="car-added" className="flex flex-col gap-3 rounded-xl border border-green-700 bg-green-50 p-4 text-gray-900">
          <h2 id="car-added" ref={addedRef} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold focus:outline-none">
            <CircleCheck aria-hidden="true" size={22} className="text-green-800" />
            <Trans>Ajouté à votre panier</Trans>
          </h2>
          <p>
            {added.car.car} · {added.car.renter.name} · {wallClock(added.car.pickup_time.slice(0, 16))} – {wallClock(added.car.return_time.slice(0, 16))}
          </p>
          <div className="flex flex-wrap gap-2">
            <Link {...cartAfterAdd(features, added.travelID)} className={buttonClass.primary}>
              <Trans>Voir le panier</Trans>
            </Link>
            <Button variant="secondary" onClick={() => setAdded(null)}>
              <Trans>Continuer</Trans>
            </Button>
          </div>
        </section>
      )}

      <div className={`flex flex-wrap items-end justify-between gap-2 ${selected ? 'max-[759px]:hidden' : ''}`}>
        <p className="text-gray-800" aria-live="polite">
          {cars.length === total ? (
            <Trans>{total} voitures</Trans>
          ) : (
            <Trans>
              {cars.length} voitures sur {total}
            </Trans>
          )}
        </p>
        <div className="flex items-end gap-2">
          <Button variant="secondary" className="min-[992px]:hidden" aria-expanded={filtersOpen} onClick={() => setFiltersOpen((o) => !o)}>
            <SlidersHorizontal aria-hidden="true" size={18} />
            <Trans>Filtres</Trans>
          </Button>
          <div>
            <label htmlFor={sortId} className="mb-1 block text-sm font-medium text-gray-900">
              <Trans>Trier par</Trans>
            </label>
            <select
              id={sortId}
              value={filters.sortBy}
              onChange={(e) => setFilters({ ...filters, sortBy: e.target.value as CarSort })}
              className="block min-h-11 rounded-lg border border-gray-400 bg-white px-3"
            >
              {sorts.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <div className="grid gap-4 min-[992px]:grid-cols-[16rem_minmax(0,1fr)_minmax(0,1.2fr)]">
        <section
          aria-label={t`Filtres`}
          className={`rounded-xl border border-gray-200 bg-white p-4 ${filtersOpen ? '' : 'max-[991px]:hidden'} ${selected ? 'max-[759px]:hidden' : ''}`}
        >
          <CarFiltersPanel cars={data.carRentals} renters={data.renters} filters={filters} onChange={setFilters} />
          <Button variant="secondary" className="mt-4 w-full min-[992px]:hidden" onClick={() => setFiltersOpen(false)}>
            <Trans>Valider</Trans>
          </Button>
        </section>

        <div className={`flex flex-col gap-3 ${selected ? 'max-[759px]:hidden' : ''}`}>
          {cars.length === 0 ? (
            <div role="status" className="rounded-xl border border-gray-200 bg-white p-6 text-center text-gray-800">
              <p className="font-semibold">
                <Trans>Aucune voiture ne correspond à vos filtres ({total} au total).</Trans>
              </p>
              <Button variant="link" onClick={() => setFilters({ ...DEFAULT_CAR_FILTERS, sortBy: filters.sortBy })}>
                <Trans>Effacer les filtres</Trans>
              </Button>
            </div>
          ) : (
            <>
              <ul id={listId} aria-label={t`Voitures`} className="flex flex-col gap-2">
                {cars.slice(0, shown).map((car) => (
                  <li key={car.id}>
                    <CarCard car={car} selected={car.id === selectedId} onSelect={() => select(car.id === selectedId ? null : car.id)} />
                  </li>
                ))}
              </ul>
              {cars.length > shown && (
                <Button variant="secondary" onClick={() => setShown((n) => n + CARS_PER_PAGE)}>
                  <Trans>Voir plus de voitures</Trans>
                </Button>
              )}
            </>
          )}
        </div>

        <div className="flex flex-col gap-3">
          <div className={selected ? 'max-[759px]:hidden' : ''}>
            <AgenciesMap
              url={url}
              cars={cars}
              selectedAgency={selected?.pickup_place.id ?? null}
              onSelectAgency={(agencyId) => {
                const first = agencyCars(agencyId)[0];
                if (!first) return;
                const index = cars.indexOf(first);
                if (index >= shown) setShown(Math.ceil((index + 1) / CARS_PER_PAGE) * CARS_PER_PAGE);
                select(first.id);
              }}
            />
          </div>
          {selected && (
            <section aria-labelledby={detailHeading} className="rounded-xl border border-gray-200 bg-white p-4">
              <Button variant="ghost" className="mb-2 min-[760px]:hidden" onClick={() => setSelectedId(null)}>
                <ArrowLeft aria-hidden="true" size={18} />
                <Trans>Retour à la liste</Trans>
              </Button>
              <CarDetail car={selected} headingId={detailHeading}>
                <form noValidate onSubmit={(e) => void add(e)} aria-labelledby={`${detailHeading}-driver`} className="space-y-4 border-t border-gray-200 pt-4">
                  <h3 id={`${detailHeading}-driver`} className="text-lg font-semibold text-gray-900">
                    <Trans>Conducteur</Trans>
                  </h3>
                  <DriverForm form={driverForm} full={full} />
                  {!selected.links.addCarToCart && !user ? (
                    <SignInToContinue>
                      <Trans>Connectez-vous pour réserver cette voiture</Trans>
                    </SignInToContinue>
                  ) : (
                    <div className="flex flex-col items-end gap-2">
                      {!complete && (
                        <p id={`${detailHeading}-incomplete`} className="text-sm font-medium text-amber-950">
                          {full ? (
                            <Trans>Renseignez le permis de conduire et l’identité complète du conducteur pour ajouter cette voiture au panier.</Trans>
                          ) : (
                            <Trans>Renseignez les informations du conducteur pour ajouter cette voiture au panier.</Trans>
                          )}
                        </p>
                      )}
                      <Button
                        type="submit"
                        busy={adding.isPending}
                        disabled={!complete || !selected.links.addCarToCart}
                        aria-describedby={!complete ? `${detailHeading}-incomplete` : undefined}
                      >
                        <Trans>Ajouter au panier</Trans>
                      </Button>
                    </div>
                  )}
                  <FormAlert>{failure}</FormAlert>
                </form>
              </CarDetail>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
