import type { MouseEvent, ReactNode } from 'react';
import { Suspense, lazy, useDeferredValue, useEffect, useRef, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleCheck from 'lucide-react/icons/circle-check';
import Pencil from 'lucide-react/icons/pencil';
import { buttonClass, Button } from '@web/components/Button';
import { SearchingState, StepSpinner } from '@web/components/results/states';
import type { Place } from '@contract/places';
import type { SearchUrl } from '@contract/search-url';
import type { TripResults } from '@contract/trip';
import { errorText } from '@web/lib/http';
import { cartAfterAdd } from '@web/lib/cart';
import { useFeatures } from '@web/lib/features';
import { useUser } from '@web/lib/me';
import { passengerNameOf } from '@web/lib/passenger-names';
import { placeNameOf } from '@web/lib/place-names';
import type { CartAddResult } from './api';
import { returnSearchQuery, searchBody, searchKey, tripSearchQuery } from './api';
import { firstFact, forgetServerFact } from './facts';
import { formatDay, formatDuration, formatPrice, formatTime } from '@web/lib/format-core';
import { choiceIdOf, useDayLabel } from './format';
import type { Transport } from './filters';
import type { Chosen } from './LegResults';
import { LegResults, resultsListId } from './LegResults';
import { SearchLine } from './SearchLine';
import { loadTripSearchForm } from '../search-form/load';
import type { TripValues } from '../search-form/validation';
import { CommsBanner } from '@web/components/CommsBanner';

/** The traveller step (its forms): loaded once results are on display, not with them. */
const loadTravelerStep = () => import('./TravelerStep');
const TravelerStep = lazy(() => loadTravelerStep().then((m) => ({ default: m.TravelerStep })));
/** The search form, to modify the search or book a return without leaving the results. */
const TripSearchForm = lazy(loadTripSearchForm);

/** The step after the outward results lives in the browser history, so that Back returns to the results. */
type TripStep = 'return' | 'travelers';
declare module '@tanstack/history' {
  interface HistoryState {
    tripStep?: TripStep;
  }
}

function Searching() {
  const [fact] = useState(firstFact);
  useEffect(forgetServerFact, []);
  return <SearchingState title={<Trans>Recherche de votre trajet</Trans>} fact={fact} row="h-24" />;
}

/** A place's name: the results', else one known before them (the server's, the search form's), else its ID. */
const placeName = (results: TripResults | undefined, id: string, end: 'from' | 'to') => results?.places[end].name ?? placeNameOf(id) ?? id;

/** `YYYY-MM-DDTHH:mm` as the search form's date: that wall-clock time on the reader's calendar. */
function formDate(local: string): Date {
  const [day, time] = local.split('T') as [string, string];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return new Date(y, m - 1, d, h, min);
}

/** The search form's values for the URL's search (Modify search), with the places the results named. */
function valuesOf(url: SearchUrl, places: { from?: Place; to?: Place; retFrom?: Place; retTo?: Place }): Partial<TripValues> {
  return {
    from: places.from ?? null,
    to: places.to ?? null,
    date: formDate(url.date),
    mode: url.mode,
    hasReturn: Boolean(url.ret),
    ret: url.ret ? formDate(url.ret) : null,
    retMode: url.retMode ?? 'departure',
    openJaw: Boolean(url.retFrom || url.retTo),
    retFrom: places.retFrom ?? null,
    retTo: places.retTo ?? null,
    pax: url.pax.map((ref) => ({ ref, name: passengerNameOf(ref), hasBirthdate: false })),
    fare: url.fare ?? '',
    entity: url.entity ?? '',
  };
}

/** One validated leg in the recap: clicking it goes back to that leg. */
function RecapItem({ label, chosen, onEdit }: { label: string; chosen: Chosen; onEdit: () => void }) {
  const { t } = useLingui();
  const { proposal, offer } = chosen;
  return (
    <li>
      <button
        type="button"
        onClick={onEdit}
        className="flex w-full flex-wrap items-center justify-between gap-3 rounded-xl border border-gray-200 bg-white p-4 text-left hover:bg-gray-50"
        aria-label={t`Modifier : ${label}`}
      >
        <span>
          <span className="block text-sm font-semibold text-gray-700">{label}</span>
          <span className="block font-bold tabular-nums text-gray-900">
            {formatDay(proposal.departure)} · {formatTime(proposal.departure)} – {formatTime(proposal.arrival)} ({formatDuration(proposal.duration)})
          </span>
          <span className="block text-sm text-gray-700">
            {proposal.from.name} → {proposal.to.name} · {offer.name}
          </span>
        </span>
        <span className="flex items-center gap-2">
          <span className="text-lg font-bold tabular-nums">{formatPrice(offer.price)}</span>
          <Pencil aria-hidden="true" size={18} />
        </span>
      </button>
    </li>
  );
}

/**
 * One leg's answer as it comes: "searching" until the results are rendered (in the background, in
 * slices, the page staying responsive: a leg may hold 1,000 proposals), the reason of a failure, or the results.
 */
function LegView({ query, children }: { query: UseQueryResult<TripResults>; children: (results: TripResults) => ReactNode }) {
  // null, not undefined: React defers a first render only with an initial value, and undefined means none.
  // Hydrating, the answer may already be there (a fast search): the first render is the server's "searching".
  const deferred = useDeferredValue(query.data ?? null, null);
  const results = deferred === null ? undefined : query.data;
  if (query.isError)
    return (
      <div role="alert" className="rounded-xl border border-red-700 bg-red-50 p-4 text-red-800">
        <p className="font-semibold">
          <Trans>La recherche n’a pas abouti.</Trans>
        </p>
        <p>{errorText(query.error)}</p>
      </div>
    );
  if (!results || results.proposals.length === 0) return <Searching />;
  return children(results);
}

/** After add to cart: what was added, the way to the cart, and a return to book (one-way) or more to search. */
function AddedNotice({
  chosen,
  travelID,
  oneWay,
  onReturn,
  onContinue,
}: {
  chosen: Chosen[];
  travelID: string;
  oneWay: boolean;
  onReturn: () => void;
  onContinue: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const features = useFeatures();
  useEffect(() => heading.current?.focus(), []);
  const first = chosen[0]!.proposal;
  const last = chosen[chosen.length - 1]!.proposal;
  return (
    <section aria-labelledby="added-title" className="flex flex-col gap-3 rounded-xl border border-green-700 bg-green-50 p-4 text-gray-900">
      <h2 id="added-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-bold focus:outline-none">
        <CircleCheck aria-hidden="true" size={22} className="text-green-800" />
        <Trans>Ajouté à votre panier</Trans>
      </h2>
      <p className="tabular-nums">
        {first.from.name} → {first.to.name} · {formatDay(first.departure)} {formatTime(first.departure)}
        {chosen.length > 1 && (
          <>
            {' · '}
            {last.from.name} → {last.to.name} · {formatDay(last.departure)} {formatTime(last.departure)}
          </>
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Link {...cartAfterAdd(features, travelID)} className={buttonClass.primary}>
          <Trans>Voir le panier</Trans>
        </Link>
        {oneWay ? (
          <Button variant="secondary" onClick={onReturn}>
            <Trans>Réserver un retour</Trans>
          </Button>
        ) : (
          <Button variant="secondary" onClick={onContinue}>
            <Trans>Continuer</Trans>
          </Button>
        )}
      </div>
    </section>
  );
}

/** What the form opens with: the search to modify, or the way back of a trip just added (to its travel). */
type Editing = { kind: 'search' } | { kind: 'return'; values: Partial<TripValues>; travelID: string };

/**
 * The trip results screen (spec 1 §2, §4): outward search keyed by the URL, outward choice, the
 * return search for a round trip, then the recap and the traveller step — each step a history entry,
 * so that Back goes to the step before. A new search starts afresh.
 */
export function TripResultsScreen({ url }: { url: SearchUrl }) {
  return <Results key={JSON.stringify(searchKey(url))} url={url} />;
}

function Results({ url }: { url: SearchUrl }) {
  const { t } = useLingui();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const router = useRouter();
  const dayLabel = useDayLabel();
  const [outward, setOutward] = useState<Chosen | null>(null);
  const [back, setBack] = useState<Chosen | null>(null);
  const [added, setAdded] = useState<{ chosen: Chosen[]; travelID: string } | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  // After an add to cart the results start again (spec 1 §4: results are reset).
  const [round, setRound] = useState(0);
  const step = useRouterState({ select: (s) => s.location.state.tripStep });

  const outwardQuery = useQuery(tripSearchQuery(url, user));
  const needsReturn = Boolean(url.ret) || Boolean(outward?.offer.roundTrip);
  // The step in the history, as far as the choices made allow (a reload forgets them: the outward again).
  const leg: 'outward' | 'return' | 'travelers' =
    step && outward && needsReturn && (step === 'return' || !back) ? 'return' : step === 'travelers' && outward ? 'travelers' : 'outward';
  const returnQuery = useQuery({
    ...returnSearchQuery(url, user, outward ? choiceIdOf(outward.offer.id) : ''),
    enabled: Boolean(outward) && needsReturn,
  });

  const empty = outwardQuery.data && outwardQuery.data.proposals.length === 0;
  useEffect(() => {
    // Spec 1 §2: no outward proposal → back to the search, keeping the travel id.
    if (empty) void navigate({ to: '/', search: url.travelID ? { travelID: url.travelID } : {}, replace: true });
  }, [empty, navigate, url.travelID]);

  // The view-only transport keeps the step the history is at.
  const setTransport = (transport: Transport) =>
    void navigate({ to: '/search', search: (prev) => ({ ...prev, transport }), state: true, replace: true, resetScroll: false });
  const pushStep = (next: TripStep) => void navigate({ to: '/search', search: (prev) => prev, state: { tripStep: next }, resetScroll: false });

  // The traveller step's code comes in idle time once results are on display.
  const shown = Boolean(outwardQuery.data);
  useEffect(() => {
    if (!shown) return;
    const load = () => void loadTravelerStep().catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5_000 });
    else setTimeout(load, 1_000);
  }, [shown]);
  const from = leg === 'return' ? placeName(returnQuery.data, url.retFrom ?? url.to, 'from') : placeName(outwardQuery.data, url.from, 'from');
  const to = leg === 'return' ? placeName(returnQuery.data, url.retTo ?? url.from, 'to') : placeName(outwardQuery.data, url.to, 'to');
  const chosen = [outward, back].filter((c): c is Chosen => c !== null);
  // How many history entries the steps after the outward results took.
  const depth = leg === 'travelers' && back ? 2 : leg === 'outward' ? 0 : 1;

  // A step change replaces most of the page: focus goes to its heading, not back to the top of the document.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownLeg = useRef(leg);
  useEffect(() => {
    if (shownLeg.current === leg) return;
    shownLeg.current = leg;
    if (leg !== 'outward' || !added) headingRef.current?.focus();
  }, [leg, added]);

  const choose = (c: Chosen, from: 'outward' | 'return') => {
    setAdded(null);
    if (from === 'outward') {
      setOutward(c);
      setBack(null);
      pushStep(url.ret || c.offer.roundTrip ? 'return' : 'travelers');
    } else {
      setBack(c);
      pushStep('travelers');
    }
    document.querySelector('h1')?.scrollIntoView?.({ block: 'nearest' });
  };

  const onAdded = (result: CartAddResult) => {
    // redirectToCart: straight to the cart once added.
    if (features.redirectToCart) return void navigate(cartAfterAdd(features, result.travel.id));
    setAdded({ chosen, travelID: result.travel.id });
    setOutward(null);
    setBack(null);
    setRound((r) => r + 1);
    router.history.go(-depth);
  };

  const bookReturn = () => {
    if (!added) return;
    const trip = added.chosen[0]!.proposal;
    // The way back leaves two hours after the arrival, on the hour: a start the traveller then adjusts.
    const after = formDate(trip.arrival.slice(0, 16));
    after.setHours(after.getHours() + 2 + (after.getMinutes() > 0 ? 1 : 0), 0);
    const places = outwardQuery.data?.places;
    setEditing({
      kind: 'return',
      travelID: added.travelID,
      values: {
        ...valuesOf(url, {}),
        from: places?.to ?? null,
        to: places?.from ?? null,
        date: after,
        mode: 'departure',
        hasReturn: false,
        ret: null,
        openJaw: false,
      },
    });
    setAdded(null);
  };

  const date = leg === 'return' && url.ret ? url.ret : url.date;
  const mode = leg === 'return' ? (url.retMode ?? 'departure') : url.mode;
  const day = dayLabel(date, true);
  const time = date.slice(11, 16);
  const passengers = url.pax.length;
  const searchPlaces = {
    from: outwardQuery.data?.places.from,
    to: outwardQuery.data?.places.to,
    retFrom: url.retFrom ? returnQuery.data?.places.from : undefined,
    retTo: url.retTo ? returnQuery.data?.places.to : undefined,
  };
  const editTitle = editing?.kind === 'return' ? t`Réserver votre retour` : t`Modifier la recherche`;

  const skipToResults = (event: MouseEvent) => {
    if (leg === 'travelers') return;
    const list = document.getElementById(resultsListId(leg));
    const control = list?.querySelector<HTMLElement>('button:not([tabindex="-1"]):not([disabled]), input:checked:not([tabindex="-1"])');
    if (!control) return;
    event.preventDefault();
    control.focus();
  };

  return (
    <div className="flex-1 bg-gray-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4">
        {leg !== 'travelers' && (
          <a
            href={`#${resultsListId(leg)}`}
            onClick={skipToResults}
            className="sr-only self-start rounded-lg bg-white px-4 py-3 font-semibold text-brand focus:not-sr-only"
          >
            <Trans>Aller aux résultats</Trans>
          </a>
        )}
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
          <div>
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
              {leg === 'return' ? (
                <Trans>
                  Retour : {from} - {to}
                </Trans>
              ) : (
                <Trans>
                  Aller : {from} - {to}
                </Trans>
              )}
            </h1>
            <SearchLine day={day} mode={mode} time={time} passengers={passengers} />
          </div>
          {features.enableEditSearchButton && (
            <Button
              variant="secondary"
              aria-expanded={editing?.kind === 'search'}
              onClick={() => setEditing((e) => (e?.kind === 'search' ? null : { kind: 'search' }))}
            >
              <Pencil aria-hidden="true" size={18} />
              <Trans>Modifier la recherche</Trans>
            </Button>
          )}
        </div>
        <CommsBanner support="results" entityId={url.entity ?? null} />

        {editing && (
          <EditSearch
            title={editTitle}
            values={editing.kind === 'return' ? editing.values : valuesOf(url, searchPlaces)}
            travelID={editing.kind === 'return' ? editing.travelID : url.travelID}
            onClose={() => setEditing(null)}
          />
        )}

        {added && leg === 'outward' && (
          <AddedNotice
            chosen={added.chosen}
            travelID={added.travelID}
            oneWay={added.chosen.length === 1 && !url.ret}
            onReturn={bookReturn}
            onContinue={() => setAdded(null)}
          />
        )}

        <div hidden={leg !== 'outward'}>
          <LegView query={outwardQuery}>
            {(results) => (
              <LegResults
                key={`outward-${results.searchID}-${round}`}
                leg="outward"
                results={results}
                searchedDay={url.date.slice(0, 10)}
                transport={url.transport}
                onTransport={setTransport}
                roundTripPlanned={Boolean(url.ret)}
                onChoose={(c) => choose(c, 'outward')}
              />
            )}
          </LegView>
        </div>
        {outward && needsReturn && (
          <div hidden={leg !== 'return'}>
            <LegView query={returnQuery}>
              {(results) => (
                <LegResults
                  key={`return-${results.searchID}`}
                  leg="return"
                  results={results}
                  searchedDay={(url.ret ?? url.date).slice(0, 10)}
                  transport={url.transport}
                  onTransport={setTransport}
                  roundTripPlanned={false}
                  onChoose={(c) => choose(c, 'return')}
                />
              )}
            </LegView>
          </div>
        )}

        {leg === 'travelers' && outwardQuery.data?.links.travelerForm && (
          <>
            <section aria-labelledby="recap-title">
              <h2 id="recap-title" className="mb-2 text-xl font-bold text-gray-900">
                <Trans>Vos trajets</Trans>
              </h2>
              <ul className="flex flex-col gap-2">
                {outward && <RecapItem label={t`Aller`} chosen={outward} onEdit={() => router.history.go(-depth)} />}
                {back && <RecapItem label={t`Retour`} chosen={back} onEdit={() => router.history.back()} />}
              </ul>
            </section>
            <Suspense fallback={<StepSpinner />}>
              <TravelerStep
                link={outwardQuery.data.links.travelerForm}
                chosen={chosen}
                travelers={searchBody(url, user).travelers}
                travelID={url.travelID ?? null}
                entity={url.entity}
                customer={url.customer}
                onAdded={onAdded}
              />
            </Suspense>
          </>
        )}
      </div>
    </div>
  );
}

/** The search form in place, from the given values; its search opens the new results. */
function EditSearch({ title, values, travelID, onClose }: { title: string; values: Partial<TripValues>; travelID: string | undefined; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [travel, setTravel] = useState(travelID);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="edit-search-title" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="edit-search-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-gray-900 focus:outline-none">
          {title}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          <Trans>Fermer</Trans>
        </Button>
      </div>
      <Suspense fallback={<StepSpinner />}>
        <TripSearchForm initial={values} travelID={travel} onCancelTravel={() => setTravel(undefined)} />
      </Suspense>
    </section>
  );
}
