import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Info from 'lucide-react/icons/info';
import Plane from 'lucide-react/icons/plane';
import TrainFront from 'lucide-react/icons/train-front';
import { Button } from '../../../components/Button';
import type { Choice, Offer, Proposal, TripResults } from '../../../../contract/trip';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { moreChoicesQuery, pageQuery } from './api';
import { FiltersBar } from './FiltersBar';
import type { Transport, TripFilters } from './filters';
import { DEFAULT_FILTERS, applyFilters, offerPasses, transportStats } from './filters';
import { OfferPanel, UnavailablePanel } from './OfferPanel';
import { ProposalCard, choiceAvailable } from './ProposalCard';
import { ProposalList } from './ProposalList';
import { StatsPanel } from './StatsPanel';

export type Chosen = { proposal: Proposal; offer: Offer };
type Selection = { proposalId: string; cabin: string; offerId: string | null; unavailable: boolean };

/**
 * One leg's results (outward or return): transport switcher, stats comparison, warnings, filters and sorts, the list
 * of proposals, the offer panel of the selected proposal and cabin, and next/previous results.
 */
export function LegResults({
  results: initial,
  transport: wantedTransport,
  onTransport,
  roundTripPlanned,
  onChoose,
}: {
  results: TripResults;
  transport: Transport | undefined;
  onTransport: (transport: Transport) => void;
  roundTripPlanned: boolean;
  onChoose: (chosen: Chosen) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [page, setPage] = useState<TripResults | null>(null);
  const results = page ?? initial;
  const [overrides, setOverrides] = useState<Record<string, Pick<Proposal, 'choices' | 'offers'>>>({});
  const [loadingMore, setLoadingMore] = useState<string | null>(null);
  const [wantedFilters, setWantedFilters] = useState<TripFilters>(DEFAULT_FILTERS);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [paging, setPaging] = useState<'next' | 'previous' | null>(null);

  const proposals = useMemo(() => results.proposals.map((p) => (overrides[p.id] ? { ...p, ...overrides[p.id] } : p)), [results, overrides]);
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
        : null;
  const carriers = results.carriers[transport];

  const selectedProposal = selection ? proposals.find((p) => p.id === selection.proposalId) : undefined;
  const selectedChoice = selection && selectedProposal?.choices.find((c) => c.cabin === selection.cabin);
  const panelOffers = selectedProposal && selectedChoice ? selectedProposal.offers.filter((o) => o.cabin === selectedChoice.cabin && offerPasses(o, filters)) : [];
  // A selected offer that the filters (or new choices) no longer show is no selection.
  const selectedOffer = panelOffers.find((o) => o.id === selection?.offerId) ?? null;

  const cheapestOf = (proposal: Proposal, cabin: string) =>
    proposal.offers.filter((o) => o.cabin === cabin && offerPasses(o, filters)).sort((a, b) => a.price - b.price)[0]?.id ?? null;

  const onCabin = (proposal: Proposal, choice: Choice) => {
    setSelection({
      proposalId: proposal.id,
      cabin: choice.cabin,
      offerId: choiceAvailable(choice) ? cheapestOf(proposal, choice.cabin) : null,
      unavailable: !choiceAvailable(choice),
    });
  };

  const loadMore = async (proposal: Proposal, choice: Choice) => {
    const link = choice.links.getMoreChoices;
    if (!link) return;
    setLoadingMore(proposal.id);
    try {
      const more = await queryClient.fetchQuery(moreChoicesQuery(link));
      setOverrides((o) => ({ ...o, [proposal.id]: more }));
    } catch (error) {
      console.error(error); // spec 1 §8: more-choices failure is logged only
    } finally {
      setLoadingMore(null);
    }
  };

  const goPage = async (direction: 'next' | 'previous') => {
    const link = results.links[direction];
    if (!link) return;
    setPaging(direction);
    try {
      const answer = await queryClient.fetchQuery(pageQuery(direction, link, results.searchID));
      if (answer.proposals.length === 0) toast.warning(t`Aucun résultat : élargissez votre recherche.`);
      else {
        setPage(answer);
        setOverrides({});
        setSelection(null);
      }
    } catch {
      // The http client showed the failure.
    } finally {
      setPaging(null);
    }
  };

  const chooseLabel = roundTripPlanned || selectedOffer?.roundTrip ? t`Trouver le retour` : t`Choisir cette offre`;
  const noTransitWarn = transport === 'flight' ? results.warns.find((w) => w.code === 'NO_RESULTS_WITHOUT_TRANSIT') : undefined;

  return (
    <div className="flex flex-col gap-4">
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

      <StatsPanel stats={stats} current={transport} />

      <FiltersBar filters={filters} carriers={carriers} onChange={setWantedFilters} />
      {notice && (
        <p role="status" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-gray-900">
          {notice}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="flex flex-col gap-3">
          <h2 className="sr-only">{t`Trajets`}</h2>
          <Button variant="secondary" onClick={() => void goPage('previous')} busy={paging === 'previous'} disabled={!results.links.previous}>
            <ChevronLeft aria-hidden="true" size={18} />
            <Trans>Trajets précédents</Trans>
          </Button>
          {filtered.proposals.length === 0 ? (
            <p className="rounded-xl border border-gray-200 bg-white p-4 text-gray-700">
              <Trans>Aucun trajet ne correspond à vos filtres. Réactivez des filtres ou changez de mode de transport.</Trans>
            </p>
          ) : (
            <ProposalList
              proposals={filtered.proposals}
              label={t`Trajets`}
              scrollKey={`${transport}:${JSON.stringify(filters)}`}
              renderRow={(proposal, item) => (
                <ProposalCard
                  key={proposal.id}
                  {...item}
                  proposal={proposal}
                  selected={selection?.proposalId === proposal.id ? { cabin: selection.cabin } : null}
                  onCabin={(choice) => onCabin(proposal, choice)}
                />
              )}
            />
          )}
          <Button variant="secondary" onClick={() => void goPage('next')} busy={paging === 'next'} disabled={!results.links.next}>
            <Trans>Trajets suivants</Trans>
            <ChevronRight aria-hidden="true" size={18} />
          </Button>
        </div>
        <div className="lg:sticky lg:top-4 lg:self-start">
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
        </div>
      </div>
    </div>
  );
}
