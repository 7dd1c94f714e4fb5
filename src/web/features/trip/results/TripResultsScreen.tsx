import { Suspense, lazy, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import Lightbulb from 'lucide-react/icons/lightbulb';
import Pencil from 'lucide-react/icons/pencil';
import { Spinner } from '../../../components/Spinner';
import type { SearchUrl } from '../../../../contract/search-url';
import type { TripResults } from '../../../../contract/trip';
import { useUser } from '../../../lib/me';
import { placeNameOf } from '../../../lib/place-names';
import { returnSearchQuery, searchBody, tripSearchQuery } from './api';
import { firstFact, forgetServerFact } from './facts';
import { formatDay, formatDuration, formatPrice, formatTime } from '../../../lib/format-core';
import { choiceIdOf } from './format';
import type { Transport } from './filters';
import type { Chosen } from './LegResults';
import { LegResults } from './LegResults';

/** The traveller step (its forms): loaded once results are on display, not with them. */
const loadTravelerStep = () => import('./TravelerStep');
const TravelerStep = lazy(() => loadTravelerStep().then((m) => ({ default: m.TravelerStep })));

function Searching() {
  const { i18n } = useLingui();
  const [fact] = useState(firstFact);
  useEffect(forgetServerFact, []);
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border border-gray-200 bg-white p-8 text-center">
      <Spinner size={32} />
      <p className="text-lg font-semibold text-gray-900">
        <Trans>Recherche de votre trajet</Trans>
      </p>
      <div className="max-w-xl text-gray-700">
        <p className="flex items-center justify-center gap-2 font-semibold">
          <Lightbulb aria-hidden="true" size={18} />
          <Trans>Le saviez-vous ?</Trans>
        </p>
        <p>{i18n._(fact)}</p>
      </div>
      <ul aria-hidden="true" className="flex w-full flex-col gap-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className="h-24 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none" />
        ))}
      </ul>
    </div>
  );
}

/** A place's name: the results', else one known before them (the server's, the search form's), else its ID. */
const placeName = (results: TripResults | undefined, id: string, end: 'from' | 'to') => results?.places[end].name ?? placeNameOf(id) ?? id;

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
 * The trip results screen (spec 1 §2, §4): outward search keyed by the URL, outward choice, the
 * return search for a round trip, then the recap and the traveller step.
 */
export function TripResultsScreen({ url }: { url: SearchUrl }) {
  const { t } = useLingui();
  const user = useUser();
  const navigate = useNavigate();
  const [outward, setOutward] = useState<Chosen | null>(null);
  const [back, setBack] = useState<Chosen | null>(null);
  const [leg, setLeg] = useState<'outward' | 'return' | 'travelers'>('outward');

  const outwardQuery = useQuery(tripSearchQuery(url, user));
  const needsReturn = Boolean(url.ret) || Boolean(outward?.offer.roundTrip);
  const returnQuery = useQuery({
    ...returnSearchQuery(url, user, outward ? choiceIdOf(outward.offer.id) : ''),
    enabled: Boolean(outward) && needsReturn && leg === 'return',
  });

  const empty = outwardQuery.data && outwardQuery.data.proposals.length === 0;
  useEffect(() => {
    // Spec 1 §2: no outward proposal → back to the search, keeping the travel id.
    if (empty) void navigate({ to: '/', search: url.travelID ? { travelID: url.travelID } : {}, replace: true });
  }, [empty, navigate, url.travelID]);

  const setTransport = (transport: Transport) => void navigate({ to: '/search', search: (prev) => ({ ...prev, transport }), replace: true });

  const current = leg === 'return' ? returnQuery : outwardQuery;
  // Results that come in are rendered in the background, in slices, while "searching" stays on screen
  // and the page responsive (a leg may hold 1,000 proposals) — also when they are there before the
  // screen's first render; a switch between results already shown does not wait.
  const deferred = useDeferredValue(current.data, undefined);
  const results = deferred === undefined ? undefined : current.data;
  // The traveller step's code comes in idle time once results are on display.
  const shown = Boolean(results);
  useEffect(() => {
    if (!shown) return;
    const load = () => void loadTravelerStep().catch(() => undefined);
    if ('requestIdleCallback' in window) requestIdleCallback(load, { timeout: 5_000 });
    else setTimeout(load, 1_000);
  }, [shown]);
  const from = leg === 'return' ? placeName(returnQuery.data, url.retFrom ?? url.to, 'from') : placeName(outwardQuery.data, url.from, 'from');
  const to = leg === 'return' ? placeName(returnQuery.data, url.retTo ?? url.from, 'to') : placeName(outwardQuery.data, url.to, 'to');
  const chosen = [outward, back].filter((c): c is Chosen => c !== null);

  // A step change replaces most of the page: focus goes to its heading, not back to the top of the document.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownLeg = useRef(leg);
  useEffect(() => {
    if (shownLeg.current === leg) return;
    shownLeg.current = leg;
    headingRef.current?.focus();
  }, [leg]);

  return (
    <div className="flex-1 bg-gray-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
          {leg === 'return' ? <Trans>Retour : {from} - {to}</Trans> : <Trans>Aller : {from} - {to}</Trans>}
        </h1>
        {leg === 'travelers' && outwardQuery.data?.links.travelerForm ? (
          <>
            <section aria-labelledby="recap-title">
              <h2 id="recap-title" className="mb-2 text-xl font-bold text-gray-900">
                <Trans>Vos trajets</Trans>
              </h2>
              <ul className="flex flex-col gap-2">
                {outward && (
                  <RecapItem
                    label={t`Aller`}
                    chosen={outward}
                    onEdit={() => {
                      setOutward(null);
                      setBack(null);
                      setLeg('outward');
                    }}
                  />
                )}
                {back && (
                  <RecapItem
                    label={t`Retour`}
                    chosen={back}
                    onEdit={() => {
                      setBack(null);
                      setLeg('return');
                    }}
                  />
                )}
              </ul>
            </section>
            <Suspense
              fallback={
                <div className="flex justify-center p-8 text-brand">
                  <Spinner size={32} />
                </div>
              }
            >
              <TravelerStep
                link={outwardQuery.data.links.travelerForm}
                chosen={chosen}
                travelers={searchBody(url, user).travelers}
                travelID={url.travelID ?? null}
                entity={url.entity}
                onAdded={() => void navigate({ to: '/' })}
              />
            </Suspense>
          </>
        ) : current.isPending || empty ? (
          <Searching />
        ) : current.isError ? (
          <p role="alert" className="rounded-xl border border-red-700 bg-red-50 p-4 text-red-800">
            <Trans>La recherche n’a pas abouti. Modifiez votre recherche ou réessayez plus tard.</Trans>
          </p>
        ) : !results ? (
          <Searching />
        ) : (
          <LegResults
            key={`${leg}-${results.searchID}`}
            results={results}
            transport={url.transport}
            onTransport={setTransport}
            roundTripPlanned={leg === 'outward' && Boolean(url.ret)}
            onChoose={(c) => {
              if (leg === 'outward') {
                setOutward(c);
                setBack(null);
                setLeg(url.ret || c.offer.roundTrip ? 'return' : 'travelers');
              } else {
                setBack(c);
                setLeg('travelers');
              }
              document.querySelector('h1')?.scrollIntoView?.({ block: 'nearest' });
            }}
          />
        )}
      </div>
    </div>
  );
}
