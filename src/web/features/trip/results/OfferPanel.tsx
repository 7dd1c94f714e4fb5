import { Trans, useLingui } from '@lingui/react/macro';
import Briefcase from 'lucide-react/icons/briefcase';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import FileText from 'lucide-react/icons/file-text';
import { Button } from '@web/components/Button';
import type { Choice, Offer, Proposal } from '@contract/trip';
import { openModal, preloadModal } from '@web/lib/modal';
import { formatPrice, formatTime } from '@web/lib/format-core';
import { useCabinLabel } from '@web/lib/cabin';
import { useFlexibilityLabel } from '@web/components/labels/flexibility';

function useTagLabel() {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    'negociated-fare': t`Tarif négocié`,
    'corporate-fare': t`Tarif entreprise`,
    'ngo-fare': t`Tarif ONG`,
    'carbookr-negotiated-fare': t`Tarif négocié agence`,
    ndc: t`NDC`,
    'disabled-pax': t`Tarif PMR`,
    upgraded: t`Surclassé`,
  };
  return (tag: string) => labels[tag] ?? tag;
}

const COMPLIANCE_TAGS = ['compliant', 'not-compliant'];

/**
 * The travel policy's verdict on an offer, in words and with an icon (not by colour only). The search
 * tags offers only for companies that use compliance (spec 2), so nothing shows without a tag.
 */
export function ComplianceMarker({ tags }: { tags: string[] }) {
  if (tags.includes('compliant'))
    return (
      <p className="mt-1 flex items-center gap-1 text-sm font-medium text-green-800">
        <CircleCheck aria-hidden="true" size={16} />
        <Trans>Conforme</Trans>
      </p>
    );
  if (tags.includes('not-compliant'))
    return (
      <p className="mt-1 flex items-center gap-1 text-sm font-medium text-red-800">
        <CircleAlert aria-hidden="true" size={16} />
        <Trans>Hors politique</Trans>
      </p>
    );
  return null;
}

/** The offers of the selected proposal and cabin, by flexibility, with luggage, tags and conditions. */
export function OfferPanel({
  proposal,
  choice,
  offers,
  selectedOfferId,
  onSelect,
  loadingMore,
  onMore,
  onChoose,
  chooseLabel,
}: {
  proposal: Proposal;
  choice: Choice;
  offers: Offer[];
  selectedOfferId: string | null;
  onSelect: (offer: Offer) => void;
  loadingMore: boolean;
  onMore: (() => void) | null;
  onChoose: () => void;
  chooseLabel: string;
}) {
  const { t } = useLingui();
  const flexLabel = useFlexibilityLabel();
  const tagLabel = useTagLabel();
  const cabin = useCabinLabel()(choice.cabin);
  const sorted = [...offers].sort((a, b) => a.flexibility - b.flexibility || a.price - b.price);
  const selected = sorted.find((o) => o.id === selectedOfferId);
  return (
    <section aria-labelledby="offer-panel-title" className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="offer-panel-title" className="text-lg font-bold text-gray-900">
        <Trans>
          Tarifs {cabin} · {proposal.from.city} → {proposal.to.city}
        </Trans>
      </h2>
      {loadingMore ? (
        <ul aria-busy="true" aria-label={t`Chargement des tarifs`} className="flex flex-col gap-2">
          {[0, 1, 2].map((i) => (
            <li key={i} data-testid="offer-placeholder" className="h-16 animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />
          ))}
        </ul>
      ) : sorted.length === 0 ? (
        <p className="text-gray-700">
          <Trans>Aucun tarif ne correspond à vos filtres pour cette classe. Modifiez les filtres de flexibilité ou de bagages.</Trans>
        </p>
      ) : (
        <ul className="flex max-h-[400px] flex-col gap-2 overflow-y-auto" aria-label={t`Tarifs`}>
          {sorted.map((offer) => {
            const isSelected = offer.id === selectedOfferId;
            const hold = offer.luggages.find((l) => l.type === 'hold' && l.quantity > 0);
            const conditions = offer.links.fullfareConditions;
            const fareTags = offer.tags.filter((tag) => !COMPLIANCE_TAGS.includes(tag));
            return (
              <li key={offer.id} className={`rounded-lg border p-3 ${isSelected ? 'border-brand ring-2 ring-brand' : 'border-gray-200'}`}>
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    onClick={() => onSelect(offer)}
                    className="flex min-h-11 flex-1 flex-col items-start rounded-lg text-left"
                  >
                    <span className="font-semibold text-gray-900">
                      {flexLabel(offer.flexibility)} · {offer.name}
                    </span>
                    <span className="text-lg font-bold tabular-nums text-gray-900">{formatPrice(offer.price)}</span>
                  </button>
                  {conditions && (
                    <Button
                      variant="ghost"
                      className="text-sm"
                      aria-label={t`Conditions du tarif ${offer.name}`}
                      onPointerEnter={() => preloadModal('FareConditions')}
                      onClick={() => openModal('FareConditions', { link: conditions, offerName: offer.name })}
                    >
                      <FileText aria-hidden="true" size={18} />
                      <Trans>Conditions</Trans>
                    </Button>
                  )}
                </div>
                <p className="mt-1 flex items-center gap-1 text-sm text-gray-700">
                  <Briefcase aria-hidden="true" size={16} />
                  {hold ? <Trans>{hold.quantity} bagage(s) en soute inclus</Trans> : <Trans>Bagage à main uniquement</Trans>}
                </p>
                <ComplianceMarker tags={offer.tags} />
                {fareTags.length > 0 && (
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label={t`Étiquettes`}>
                    {fareTags.map((tag) => (
                      <li key={tag} className="rounded bg-gray-100 px-1.5 text-xs font-semibold text-gray-800">
                        {tagLabel(tag)}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {onMore && !loadingMore && (
        <Button variant="secondary" onClick={onMore}>
          <Trans>Plus de choix</Trans>
        </Button>
      )}
      {/* Below 1024 px the panel comes after the list: its action stays at the bottom of the screen, a sticky bar. */}
      <div className="fixed inset-x-0 bottom-0 z-20 flex items-center gap-3 border-t border-gray-200 bg-white p-3 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:static lg:z-auto lg:border-0 lg:p-0 lg:shadow-none">
        {selected && (
          <p className="min-w-0 flex-1 truncate text-sm text-gray-900 lg:hidden">
            <span className="font-semibold tabular-nums">
              {formatTime(proposal.departure)} – {formatTime(proposal.arrival)}
            </span>{' '}
            · {selected.name} · <span className="font-bold tabular-nums">{formatPrice(selected.price)}</span>
          </p>
        )}
        <Button onClick={onChoose} disabled={!selected} className="shrink-0 lg:w-full">
          {chooseLabel}
        </Button>
      </div>
    </section>
  );
}

/** Shown instead of the offers when the clicked cabin cannot be booked. */
export function UnavailablePanel({ choice, onClose }: { choice: Choice; onClose: () => void }) {
  const cabin = useCabinLabel()(choice.cabin);
  return (
    <section aria-labelledby="unavailable-title" className="flex flex-col gap-3 rounded-xl border border-amber-600 bg-amber-50 p-4">
      <h2 id="unavailable-title" className="text-lg font-bold text-gray-900">
        <Trans>Trajet indisponible</Trans>
      </h2>
      <p className="text-gray-800">
        {choice.full ? (
          <Trans>La {cabin} de ce trajet est complète. Choisissez une autre classe ou un autre horaire.</Trans>
        ) : (
          (choice.unavailabilityReason ?? <Trans>Cette classe n’est pas disponible sur ce trajet. Choisissez un autre horaire.</Trans>)
        )}
      </p>
      <Button variant="secondary" onClick={onClose} className="self-start">
        <Trans>Fermer</Trans>
      </Button>
    </section>
  );
}
