import { useMemo, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Info from 'lucide-react/icons/info';
import Plane from 'lucide-react/icons/plane';
import TrainFront from 'lucide-react/icons/train-front';
import { Button } from '@web/components/Button';
import type { Choice, Offer, Proposal, TripResults } from '@contract/trip';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import { moreChoicesQuery, pageQuery } from './api';
import { FiltersBar } from './FiltersBar';
import type { Transport, TripFilters } from './filters';
import { DEFAULT_FILTERS, applyFilters, farePasses, offerPasses, transportStats } from './filters';
import { OfferPanel, UnavailablePanel } from './OfferPanel';
import { ProposalCard, choiceAvailable } from './ProposalCard';
import { ProposalList } from './ProposalList';
import { StatsPanel } from './StatsPanel';

export type Chosen = { proposal: Proposal; offer: Offer };
type Selection = { proposalId: string; cabin: string; offerId: string | null; unavailable: boolean };

/** The id of a leg's list: the "skip to results" link's target. */
export const resultsListId = (leg: 'outward' | 'return') => `trip-results-${leg}`;

/**
 * One leg's results (outward or return): transport switcher, warnings, filters and sorts, the list
 * of proposals, the offer panel of the selected proposal and cabin with the stats comparison under it,
 * and earlier and later trips, which join the list (each page continues exactly where the list ends).
 */
export function LegResults({
  leg,
  results: initial,
  searchedDay,
  transport: wantedTransport,
  onTransport,
  roundTripPlanned,
  onChoose,
}: {
  leg: 'outward' | 'return';
  results: TripResults;
  /** `YYYY-MM-DD`, the day searched: the list marks the trips of other days. */
  searchedDay: string;
  transport: Transport | undefined;
  onTransport: (transport: Transport) => void;
  roundTripPlanned: boolean;
  onChoose: (chosen: Chosen) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // Pages loaded before and after the first answer, in time order.
  const [earlier, setEarlier] = useState<TripResults[]>([]);
  const [later, setLater] = useState<TripResults[]>([]);
  const [overrides, setOverrides] = useState<Record<string, Pick<Proposal, 'choices' | 'offers'>>>({});
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const [wantedFilters, setWantedFilters] = useState<TripFilters>(DEFAULT_FILTERS);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [paging, setPaging] = useState<'next' | 'previous' | null>(null);
  const [reveal, setReveal] = useState<{ index: number } | null>(null);
  const [pageNote, setPageNote] = useState('');

  const pages = useMemo(() => [...earlier, initial, ...later], [earlier, initial, later]);
  const proposals = useMemo(() => pages.flatMap((page) => page.proposals).map((p) => (overrides[p.id] ? { ...p, ...overrides[p.id] } : p)), [pages, overrides]);
  const stats = useMemo(() => transportStats(proposals), [proposals]);
  const counts = { rail: stats.rail.count, flight: stats.flight.count };
  const transport: Transport = wantedTransport && counts[wantedTransport] > 0 ? wantedTransport : counts.rail > 0 ? 'rail' : 'flight';
  // Filtered and sorted once per change of the proposals, transport or filters (a leg may hold 1,000).
  const filtered = useMemo(() => applyFilters(proposals, transport, wantedFilters), [proposals, transport, wantedFilters]);
  // The filters actually applied, after the fall-backs; the next change starts from them.
  const filters = filtered.filters;
  const notice =
    filtered.fallback === 'transit'
      ? t`Aucun trajet direct : les trajets avec correspondance restent affichés.`
      : filtered.fallback === 'carriers'
        ? t`Aucun trajet avec cette compagnie : le filtre des compagnies a été retiré.`
        : filtered.fallback === 'fares'
          ? t`Aucun trajet n’a de tarif de ce type : les filtres de tarif ont été retirés.`
          : null;
  const carriers = initial.carriers[transport];

  const selectedProposal = selection ? proposals.find((p) => p.id === selection.proposalId) : undefined;
  const selectedChoice = selection && selectedProposal?.choices.find((c) => c.cabin === selection.cabin);
  const panelOffers =
    selectedProposal && selectedChoice ? selectedProposal.offers.filter((o) => o.cabin === selectedChoice.cabin && offerPasses(o, filters)) : [];
  // A selected offer that the filters (or new choices) no longer show is no selection.
  const selectedOffer = panelOffers.find((o) => o.id === selection?.offerId) ?? null;

  const cheapestOf = (offers: Offer[], cabin: string) =>
    offers.filter((o) => o.cabin === cabin && offerPasses(o, filters)).sort((a, b) => a.price - b.price)[0]?.id ?? null;

  const loadMore = async (proposal: Proposal, choice: Choice) => {
    const link = choice.links.getMoreChoices;
    if (!link) return;
    setLoadingMore(proposal.id);
    try {
      const more = await queryClient.fetchQuery(moreChoicesQuery(link));
      setOverrides((o) => ({ ...o, [proposal.id]: more }));
      // A cabin selected before its fares came: its cheapest fare the filters show.
      setSelection((s) =>
        s && s.proposalId === proposal.id && s.cabin === choice.cabin && !s.offerId && !s.unavailable
          ? { ...s, offerId: cheapestOf(more.offers, choice.cabin) }
          : s,
      );
    } catch (error) {
      console.error(error); // spec 1 §8: more-choices failure is logged only
    } finally {
      setLoadingMore(null);
    }
  };

  const onCabin = (proposal: Proposal, choice: Choice) => {
    const available = choiceAvailable(choice);
    const offerId = available ? cheapestOf(proposal.offers, choice.cabin) : null;
    setSelection({ proposalId: proposal.id, cabin: choice.cabin, offerId, unavailable: !available });
    // The results carry each cabin's cheapest fare only: when the filters hide it, the others are fetched.
    if (available && !offerId && choice.fareSummary.some((f) => farePasses(f, filters))) void loadMore(proposal, choice);
  };
  // One handler per proposal for as long as the proposal is the same object, calling the latest onCabin: the
  // cards (memo) then render again only when what they show changes.
  const latestOnCabin = useRef(onCabin);
  latestOnCabin.current = onCabin;
  const cabinHandlers = useMemo(() => new WeakMap<Proposal, (choice: Choice) => void>(), []);
  const cabinHandler = (proposal: Proposal) => {
    let handler = cabinHandlers.get(proposal);
    if (!handler) {
      handler = (choice: Choice) => latestOnCabin.current(proposal, choice);
      cabinHandlers.set(proposal, handler);
    }
    return handler;
  };

  const goPage = async (direction: 'next' | 'previous') => {
    const link = initial.links[direction];
    if (!link) return;
    // Each page continues from the list's end: the last page loaded that way (or the first answer).
    const from = direction === 'next' ? (later.at(-1) ?? initial) : (earlier[0] ?? initial);
    setPaging(direction);
    try {
      const answer = await queryClient.fetchQuery(pageQuery(direction, link, from.searchID));
      const fresh = answer.proposals.filter((p) => p.type === transport);
      if (fresh.length === 0)
        toast.warning(direction === 'next' ? t`Aucun trajet plus tard : élargissez votre recherche.` : t`Aucun trajet plus tôt : élargissez votre recherche.`);
      if (answer.proposals.length === 0) return;
      const nextEarlier = direction === 'previous' ? [answer, ...earlier] : earlier;
      const nextLater = direction === 'next' ? [...later, answer] : later;
      setEarlier(nextEarlier);
      setLater(nextLater);
      if (fresh.length === 0) return;
      const n = fresh.length;
      if (direction === 'next') setPageNote(n > 1 ? t`${n} trajets plus tard ajoutés à la liste.` : t`1 trajet plus tard ajouté à la liste.`);
      else setPageNote(n > 1 ? t`${n} trajets plus tôt ajoutés à la liste.` : t`1 trajet plus tôt ajouté à la liste.`);
      // The list scrolls to the first of them, where they take their place in the current order.
      const all = [...nextEarlier, initial, ...nextLater].flatMap((page) => page.proposals);
      const shown = applyFilters(all, transport, wantedFilters).proposals;
      const ids = new Set(fresh.map((p) => p.id));
      const index = shown.findIndex((p) => ids.has(p.id));
      if (index >= 0) setReveal({ index });
    } catch {
      // The http client showed the failure.
    } finally {
      setPaging(null);
    }
  };

  const chooseLabel = roundTripPlanned || selectedOffer?.roundTrip ? t`Trouver le retour` : t`Choisir cette offre`;
  const noTransitWarn = transport === 'flight' ? initial.warns.find((w) => w.code === 'NO_RESULTS_WITHOUT_TRANSIT') : undefined;

  return (
    // Room under the list for the mobile action bar (OfferPanel) once a fare is shown.
    <div className={`flex flex-col gap-3 ${selectedChoice ? 'pb-24 lg:pb-0' : ''}`}>
      <div role="group" aria-label={t`Mode de transport`} className="flex flex-wrap gap-2">
        {(['rail', 'flight'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={transport === mode}
            disabled={counts[mode] === 0}
            onClick={() => {
              setSelection(null);
              setWantedFilters({ ...filters, carriers: [] });
              onTransport(mode);
            }}
            className={`flex min-h-11 items-center gap-2 rounded-lg border px-4 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${
              transport === mode ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-400 bg-white text-gray-900 hover:bg-gray-100'
            }`}
          >
            {mode === 'rail' ? <TrainFront aria-hidden="true" size={20} /> : <Plane aria-hidden="true" size={20} />}
            {mode === 'rail' ? <Trans>Train ({counts.rail})</Trans> : <Trans>Avion ({counts.flight})</Trans>}
          </button>
        ))}
      </div>

      {noTransitWarn && (
        <p role="status" className="flex items-start gap-2 rounded-lg border-l-4 border-brand bg-gray-50 px-3 py-2 text-gray-900">
          <Info aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          <span>
            <Trans>Aucun résultat sans escale : voici les vols avec correspondance.</Trans>
          </span>
        </p>
      )}

      <FiltersBar filters={filters} carriers={carriers} onChange={setWantedFilters} />
      {notice && (
        <p role="status" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-gray-900">
          {notice}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="flex flex-col gap-2">
          <h2 className="sr-only">{t`Trajets`}</h2>
          <Button variant="secondary" onClick={() => void goPage('previous')} busy={paging === 'previous'} disabled={!initial.links.previous}>
            <ChevronLeft aria-hidden="true" size={18} />
            <Trans>Trajets plus tôt</Trans>
          </Button>
          {filtered.proposals.length === 0 ? (
            <p className="rounded-xl border border-gray-200 bg-white p-4 text-gray-700">
              <Trans>Aucun trajet ne correspond à vos filtres. Réactivez des filtres ou changez de mode de transport.</Trans>
            </p>
          ) : (
            <ProposalList
              proposals={filtered.proposals}
              label={t`Trajets`}
              listId={resultsListId(leg)}
              scrollKey={`${transport}:${JSON.stringify(filters)}`}
              selectedId={selection?.proposalId ?? null}
              daySeparators={filters.sortBy === 'BY_TIME'}
              searchedDay={searchedDay}
              reveal={reveal}
              renderRow={(proposal, item, row) => (
                <ProposalCard
                  key={proposal.id}
                  {...item}
                  {...row}
                  proposal={proposal}
                  filters={filters}
                  selected={selection?.proposalId === proposal.id ? { cabin: selection.cabin } : null}
                  onCabin={cabinHandler(proposal)}
                />
              )}
            />
          )}
          <Button variant="secondary" onClick={() => void goPage('next')} busy={paging === 'next'} disabled={!initial.links.next}>
            <Trans>Trajets plus tard</Trans>
            <ChevronRight aria-hidden="true" size={18} />
          </Button>
          <p role="status" className="sr-only">
            {pageNote}
          </p>
        </div>
        <div className="flex flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          {selectedProposal && selectedChoice ? (
            selection?.unavailable ? (
              <UnavailablePanel choice={selectedChoice} onClose={() => setSelection(null)} />
            ) : (
              <OfferPanel
                proposal={selectedProposal}
                choice={selectedChoice}
                offers={panelOffers}
                selectedOfferId={selectedOffer?.id ?? null}
                onSelect={(offer) => setSelection((s) => (s ? { ...s, offerId: offer.id } : s))}
                loadingMore={loadingMore === selectedProposal.id}
                onMore={selectedChoice.links.getMoreChoices ? () => void loadMore(selectedProposal, selectedChoice) : null}
                onChoose={() => selectedOffer && onChoose({ proposal: selectedProposal, offer: selectedOffer })}
                chooseLabel={chooseLabel}
              />
            )
          ) : (
            <p className="rounded-xl border border-dashed border-gray-300 bg-white p-4 text-gray-700">
              <Trans>Choisissez un trajet et une classe pour voir les tarifs.</Trans>
            </p>
          )}
          <StatsPanel stats={stats} current={transport} />
        </div>
      </div>
    </div>
  );
}
