import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronUp from 'lucide-react/icons/chevron-up';
import type { ExpertFlight, ExpertJourneyCard, ExpertResult } from '@contract/expert';
import { Button } from '@web/components/Button';
import { Spinner } from '@web/components/Spinner';
import { formatCo2, formatDay, formatDuration, formatPrice, formatTime } from '@web/lib/format-core';
import { cartAfterAdd } from '@web/lib/cart';
import { useFeatures } from '@web/lib/features';
import { useUser } from '@web/lib/me';
import { placeNameOf } from '@web/lib/place-names';
import { toast } from '@web/lib/toast';
import { expertSearchQuery, nextJourneyQuery } from './api';
import { ExpertTravelers } from './ExpertTravelers';
import type { ExpertUrl } from './url';
import { CommsBanner } from '@web/components/CommsBanner';

/** `+12,00 €` (a positive delta is signed, UI.md). */
const extra = (cents: number) => (cents > 0 ? `+${formatPrice(cents)}` : formatPrice(cents));

/**
 * Spec 1 §2 "Expert results screen": the itinerary's journeys as a carousel of cards with progress
 * dots, the current journey's flights (each expands to its fares), the best and current package
 * prices; choosing a fare follows the nextJourney link, the last one leads to the travellers form.
 * Going back to an earlier card shows its flights again (cached), with its choice kept.
 */
export function ExpertResultsScreen({ url, onFailed }: { url: ExpertUrl; onFailed: () => void }) {
  const { t } = useLingui();
  const user = useUser();
  const features = useFeatures();
  const navigate = useNavigate();
  const count = url.journeys.length;
  /** The chosen offer of each journey before the current one. */
  const [choices, setChoices] = useState<string[]>([]);
  const [index, setIndex] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const search = useQuery(expertSearchQuery(url, user));
  const link = search.data?.links.nextJourney;
  const onTravellers = index === count;
  const resultIndex = Math.min(index, count - 1);
  const next = useQuery({ ...nextJourneyQuery(link ?? { href: '', method: 'POST' }, choices.slice(0, resultIndex)), enabled: resultIndex > 0 && !!link });
  const result: ExpertResult | undefined = resultIndex === 0 ? search.data : next.data;
  const failed = search.isError || next.isError;

  // Spec 1 §4: a failure empties the results (back to the search, filled) and the journey index starts again at 0.
  useEffect(() => {
    if (!failed) return;
    setIndex(0);
    setChoices([]);
    onFailed();
  }, [failed, onFailed]);

  // A new step takes the focus to the heading once its flights are there (the loading view has none to keep).
  const focusPending = useRef(false);
  useEffect(() => {
    if (!result || !focusPending.current) return;
    focusPending.current = false;
    headingRef.current?.focus();
  }, [result, index]);
  const goTo = (i: number) => {
    setIndex(i);
    setSelected(choices[i] ?? null);
    focusPending.current = true;
  };
  const choose = () => {
    if (!selected) return;
    setChoices([...choices.slice(0, index), selected]);
    setIndex(index + 1);
    setSelected(null);
    focusPending.current = true;
  };

  const places = url.journeys.map((j) => `${placeNameOf(j.from) ?? j.from} → ${placeNameOf(j.to) ?? j.to}`);
  if (!result || failed)
    return (
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <h1 className="text-2xl font-bold text-gray-900">{t`Votre itinéraire en ${count} trajets`}</h1>
        <p role="status" className="mt-6 flex items-center gap-3 text-lg text-gray-800">
          <Spinner size={24} /> {resultIndex === 0 ? t`Recherche des vols de vos ${count} trajets…` : t`Recherche des vols du trajet ${resultIndex + 1}…`}
        </p>
        <ul className="mt-4 space-y-1 text-gray-700">
          {places.map((p, i) => (
            <li key={i}>{p}</li>
          ))}
        </ul>
        <ul aria-hidden="true" className="mt-6 space-y-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i} className="h-20 animate-pulse rounded-xl bg-gray-200 motion-reduce:animate-none" />
          ))}
        </ul>
      </div>
    );

  const chosenFlight = onTravellers
    ? result.proposals.flights.find((f) => f.cabinClasses.some((c) => c.offers.some((o) => o.offerId === choices[count - 1])))
    : undefined;
  const cards = result.journeys.map((card, i) => {
    // On the travellers step the last journey is chosen too: its card shows its flight.
    if (i !== count - 1 || !chosenFlight) return card;
    const offer = chosenFlight.cabinClasses.flatMap((c) => c.offers).find((o) => o.offerId === choices[i])!;
    return {
      ...card,
      departureTime: formatTime(chosenFlight.departure),
      arrivalTime: formatTime(chosenFlight.arrival),
      marketingCarrier: chosenFlight.marketingCarrier,
      extraPrice: offer.extraPrice,
      offerId: offer.offerId,
    };
  });
  const offers = result.proposals.flights.flatMap((f) => f.cabinClasses.flatMap((c) => c.offers));
  const selectedOffer = offers.find((o) => o.offerId === selected);
  const packagePrice = result.currentPackage.price.amount + (onTravellers || !selectedOffer ? 0 : selectedOffer.extraPrice.amount);
  const lastOffer = onTravellers ? offers.find((o) => o.offerId === choices[count - 1]) : undefined;

  return (
    <div className="mx-auto w-full max-w-5xl flex-1 space-y-6 px-4 py-8">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-gray-900 outline-none">
        {t`Votre itinéraire en ${count} trajets`}
      </h1>
      <CommsBanner support="results" entityId={url.entity ?? null} />
      <JourneyCarousel cards={cards} index={index} onGoTo={goTo} />
      <section aria-label={t`Prix de l’itinéraire`} className="flex flex-wrap gap-6 rounded-xl border border-gray-200 bg-white p-4">
        <p>
          <span className="block text-sm text-gray-700">{t`Meilleur prix de l’itinéraire`}</span>
          <span className="text-xl font-semibold tabular-nums text-gray-900">{formatPrice(result.bestPackage.price.amount)}</span>
        </p>
        <p aria-live="polite">
          <span className="block text-sm text-gray-700">{t`Votre itinéraire`}</span>
          <span className="text-xl font-semibold tabular-nums text-gray-900">{formatPrice(packagePrice + (lastOffer?.extraPrice.amount ?? 0))}</span>
        </p>
      </section>
      {onTravellers && result.links.expertTravelerForm ? (
        <ExpertTravelers
          link={result.links.expertTravelerForm}
          offerIDs={choices}
          entity={url.entity}
          customer={url.customer}
          onAdded={(answer) => {
            toast.success(t`Votre itinéraire est dans le panier.`);
            void navigate(cartAfterAdd(features, answer.travel.id));
          }}
        />
      ) : (
        <section aria-labelledby="expert-flights" className="space-y-4">
          <h2 id="expert-flights" className="text-xl font-semibold text-gray-900">
            {t`Vols du trajet ${index + 1} : ${cards[index]!.origin.city} → ${cards[index]!.destination.city}`}
          </h2>
          <ul className="space-y-3" aria-label={t`Vols`}>
            {result.proposals.flights.map((flight) => (
              <FlightCard key={flight.id} flight={flight} selected={selected} onSelect={setSelected} />
            ))}
          </ul>
          <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-gray-200 bg-white/95 py-3">
            {!selectedOffer && <p className="text-gray-700">{t`Choisissez un tarif pour continuer.`}</p>}
            <Button onClick={choose} disabled={!selectedOffer}>
              {index === count - 1 ? <Trans>Choisir et saisir les voyageurs</Trans> : <Trans>Choisir et passer au trajet suivant</Trans>}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}

/** The journeys as cards (Travel 1, 2, 3) with progress dots: earlier cards go back to their journey. */
function JourneyCarousel({ cards, index, onGoTo }: { cards: ExpertJourneyCard[]; index: number; onGoTo: (i: number) => void }) {
  const { t } = useLingui();
  const count = cards.length;
  const step = Math.min(index + 1, count);
  return (
    <nav aria-label={t`Trajets de l’itinéraire`} className="space-y-3">
      <ol className="flex snap-x gap-3 overflow-x-auto pb-2">
        {cards.map((card, i) => {
          const n = i + 1;
          const current = i === index;
          const content = (
            <>
              <span className="block text-sm font-semibold text-gray-700">{t`Trajet ${n}`}</span>
              <span className="block font-semibold text-gray-900">
                {card.origin.city} → {card.destination.city}
              </span>
              <span className="block text-sm tabular-nums text-gray-700">
                {formatDay(card.departureDate)}
                {card.departureTime && card.arrivalTime && ` · ${card.departureTime} – ${card.arrivalTime}`}
              </span>
              {card.marketingCarrier && (
                <span className="mt-1 flex items-center gap-2 text-sm text-gray-800">
                  <CarrierLogo name={card.marketingCarrier.name} logo={card.marketingCarrier.logo} />
                  {card.extraPrice && <span className="tabular-nums">{extra(card.extraPrice.amount)}</span>}
                </span>
              )}
            </>
          );
          const frame = `block min-w-56 snap-start rounded-xl border p-3 text-left ${current ? 'border-brand bg-white ring-2 ring-brand' : 'border-gray-200 bg-white'}`;
          return (
            <li key={i}>
              {i < index ? (
                <button type="button" className={`${frame} hover:bg-gray-50`} onClick={() => onGoTo(i)} aria-label={t`Revenir au trajet ${n}`}>
                  {content}
                </button>
              ) : (
                <div className={frame} aria-current={current ? 'step' : undefined}>
                  {content}
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <p className="flex items-center gap-2">
        <span aria-hidden="true" className="flex gap-1.5">
          {cards.map((_, i) => (
            <span key={i} className={`size-2.5 rounded-full ${i < index ? 'bg-brand' : i === index ? 'bg-brand ring-2 ring-brand/40' : 'bg-gray-300'}`} />
          ))}
        </span>
        <span className="text-sm text-gray-700">{index >= count ? t`Voyageurs` : t`Étape ${step} sur ${count}`}</span>
      </p>
    </nav>
  );
}

function CarrierLogo({ name, logo }: { name: string; logo: string }) {
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span className="flex h-6 min-w-6 items-center justify-center rounded bg-gray-200 px-1 text-xs font-semibold text-gray-800">
        {name.slice(0, 2).toUpperCase()}
      </span>
    );
  return <img src={logo} alt={name} className="h-6 w-auto object-contain" onError={() => setFailed(true)} />;
}

/** A flight: its times, stops, carrier and CO2; expanded, its legs and every fare of each cabin (one radio group for the journey). */
function FlightCard({ flight, selected, onSelect }: { flight: ExpertFlight; selected: string | null; onSelect: (offerId: string) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const stops = flight.transits.length;
  const mine = flight.cabinClasses.some((c) => c.offers.some((o) => o.offerId === selected));
  const best = Math.min(...flight.cabinClasses.flatMap((c) => c.offers.map((o) => o.extraPrice.amount)));
  const span = `${formatTime(flight.departure)} – ${formatTime(flight.arrival)}`;
  return (
    <li className={`rounded-xl border bg-white ${mine ? 'border-brand ring-2 ring-brand' : 'border-gray-200'}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className="flex w-full flex-wrap items-center gap-x-6 gap-y-2 p-4 text-left"
      >
        <span className="text-lg font-semibold tabular-nums text-gray-900">{span}</span>
        <span className="text-gray-800">
          {formatDuration(flight.duration)} · {stops === 0 ? t`Direct` : stops === 1 ? t`1 escale` : t`${stops} escales`}
        </span>
        <span className="flex items-center gap-2 text-gray-800">
          <CarrierLogo name={flight.marketingCarrier.name} logo={flight.marketingCarrier.logo} />
          {flight.marketingCarrier.name}
        </span>
        <span className="text-sm text-gray-700">{t`${formatCo2(flight.co2Emission)} CO2 par passager`}</span>
        <span className="ml-auto font-semibold tabular-nums text-gray-900">{Number.isFinite(best) ? extra(best) : t`Complet`}</span>
        {open ? <ChevronUp aria-hidden="true" size={20} /> : <ChevronDown aria-hidden="true" size={20} />}
        <span className="sr-only">{open ? t`Masquer les tarifs` : t`Voir les tarifs`}</span>
      </button>
      {open && (
        <div id={panelId} className="space-y-4 border-t border-gray-200 p-4">
          <ol className="space-y-1 text-sm text-gray-800">
            {flight.segments.map((s, i) => (
              <li key={i}>
                {formatTime(s.departure)} {s.origin.name} → {formatTime(s.arrival)} {s.destination.name} · {s.marketingCarrier.name} {s.transportNumber}
                {flight.transits[i] && (
                  <span className="block text-gray-600">{t`Correspondance de ${formatDuration(flight.transits[i]!.duration)} à ${flight.transits[i]!.place.city}`}</span>
                )}
              </li>
            ))}
          </ol>
          {flight.cabinClasses.map((cabin) => (
            <fieldset key={cabin.id}>
              <legend className="mb-2 font-semibold text-gray-900">{cabin.label}</legend>
              {cabin.offers.length === 0 ? (
                <p className="text-gray-700">{cabin.proposalTags.includes('full') ? t`Complet` : t`Non proposé sur ce vol`}</p>
              ) : (
                <div className="grid gap-2 sm:grid-cols-3">
                  {cabin.offers.map((offer) => (
                    <label
                      key={offer.offerId}
                      className={`flex cursor-pointer flex-col gap-1 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                        selected === offer.offerId ? 'border-brand bg-brand/5' : 'border-gray-300'
                      }`}
                    >
                      <span className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="expert-offer"
                          value={offer.offerId}
                          checked={selected === offer.offerId}
                          onChange={() => onSelect(offer.offerId)}
                          className="size-5 accent-[var(--brand)]"
                        />
                        <span className="font-semibold text-gray-900">{offer.label}</span>
                        <span className="ml-auto font-semibold tabular-nums">{extra(offer.extraPrice.amount)}</span>
                      </span>
                      <span className="text-sm text-gray-700">{offer.luggages.map((l) => l.conditions).join(' · ')}</span>
                      <span className="text-sm text-gray-700">{offer.condition}</span>
                      {offer.offerTags.isCompliant !== null && (
                        <span className={`text-sm font-medium ${offer.offerTags.isCompliant ? 'text-green-800' : 'text-amber-800'}`}>
                          {offer.offerTags.isCompliant ? t`✓ Conforme à la politique voyage` : t`⚠ Hors politique voyage`}
                        </span>
                      )}
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
          ))}
        </div>
      )}
    </li>
  );
}
