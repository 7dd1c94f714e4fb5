import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useRouter } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ExchangeChoice, ExchangeDone, ExchangeOffer, ExchangeResult, ExchangeSearchBody, ExchangeSection } from '@contract/exchange';
import { Button, buttonClass } from '@web/components/Button';
import { useUser } from '@web/lib/me';
import { bookMutation, confirmMutation, productQuery, searchMutation, sectionsQuery } from './api';
import { JourneySummary } from './JourneySummary';
import { RecapStep } from './RecapStep';
import { ResultsStep } from './ResultsStep';
import { initialSearch, SearchStep, type SearchForm } from './SearchStep';
import { SuccessStep } from './SuccessStep';
import { keepSelection, type Selection } from './rules';

type Step = 0 | 1 | 2 | 3 | 4;

/** Where a failed load sends the user (spec 2 §8 "Sections failure: redirect to product list"): their bookings. */
function ToBookings() {
  return <Navigate to="/account/$" params={{ _splat: 'tickets' }} replace />;
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * The rail exchange wizard (spec 2 §2 "Exchange journey screen", §4 "Exchange wizard"): 0 choose
 * the section (skipped, chosen, when there is one), 1 search, 2 results and offers, 3 recap and
 * confirm, 4 success. Steps advance on confirmation and Back goes back one step at a time (on step 0,
 * or step 1 without a step 0, to the previous page; hidden on step 1 for an external source).
 * Every call follows the links the product, its sections, the results and the offer carry.
 */
export function ExchangeWizard({ productId, fromExternalSource }: { productId: string; fromExternalSource: boolean }) {
  const { t } = useLingui();
  const router = useRouter();
  const user = useUser();
  const product = useQuery(productQuery(productId));
  const sectionsLink = product.data?.links.getExchangeableSections;
  const sections = useQuery({ ...sectionsQuery(sectionsLink ?? { href: '/', method: 'GET' }), enabled: Boolean(sectionsLink) });

  const [step, setStep] = useState<Step>(0);
  const [chosenSection, setChosenSection] = useState<string | null>(null);
  const [search, setSearch] = useState<SearchForm | null>(null);
  const [result, setResult] = useState<ExchangeResult | null>(null);
  const [directOnly, setDirectOnly] = useState(false);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [offer, setOffer] = useState<ExchangeOffer | null>(null);
  const [done, setDone] = useState<ExchangeDone | null>(null);
  const [bookingId, setBookingId] = useState<string | null>(null);

  const searching = useMutation(searchMutation());
  const booking = useMutation(bookMutation());
  const confirming = useMutation(confirmMutation());

  const list = sections.data ?? [];
  const single = list.length === 1;
  // One section: step 0 is skipped and that section chosen.
  const shownStep: Step = single && step === 0 ? 1 : step;
  const section = single ? list[0] : list.find((s) => s.id === chosenSection);

  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [shownStep]);

  if (product.isError || sections.isError) {
    console.error(product.error ?? sections.error); // spec 2 §8: logged, then the bookings list
    return <ToBookings />;
  }
  if (product.isPending || (sectionsLink && sections.isPending)) {
    return (
      <div className="mx-auto w-full max-w-4xl px-4 py-8">
        <div role="status" className="h-64 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none">
          <span className="sr-only">
            <Trans>Chargement du billet</Trans>
          </span>
        </div>
      </div>
    );
  }
  // Once exchanged, the old ticket has no link any more: the success step stays.
  if (!sectionsLink && !done) {
    return (
      <div className="mx-auto w-full max-w-4xl space-y-4 px-4 py-8">
        <h1 className="text-3xl font-bold text-gray-900">
          <Trans>Échanger un billet</Trans>
        </h1>
        <p className="text-gray-800">
          <Trans>
            Ce billet ne peut pas être échangé : seuls les billets de train émis à tarif flexible ou semi-flexible, avant le départ, peuvent l’être.
          </Trans>
        </p>
        <Link to="/account/$" params={{ _splat: 'tickets' }} className={buttonClass.primary}>
          <Trans>Mes réservations</Trans>
        </Link>
      </div>
    );
  }

  const titles: Record<Step, string> = {
    0: t`Choisissez le trajet à échanger`,
    1: t`Recherchez un nouveau trajet`,
    2: t`Choisissez votre nouveau trajet`,
    3: t`Confirmez l’échange`,
    4: t`Échange confirmé`,
  };
  const total = single ? 4 : 5;
  const index = single ? shownStep : shownStep + 1;

  const back = () => {
    if (shownStep === 0 || (shownStep === 1 && single)) router.history.back();
    else setStep((shownStep - 1) as Step);
  };
  const backShown = shownStep <= 3 && !(shownStep === 1 && fromExternalSource);

  const onSearch = (body: ExchangeSearchBody, values: SearchForm) => {
    if (!section?.links.searchExchange) return;
    setSearch(values);
    searching.mutate(
      { link: section.links.searchExchange, input: body },
      {
        onSuccess: (found) => {
          setResult(found);
          setSelection(null);
          setStep(2);
        },
        onError: (error) => console.error(error), // spec 2 §8: logged, the loading ends, no message
      },
    );
  };
  const onChoose = (choice: ExchangeChoice) => {
    if (!choice.links.bookExchange) return;
    setBookingId(choice.id);
    booking.mutate(
      { link: choice.links.bookExchange },
      {
        onSuccess: (booked) => {
          setOffer(booked);
          setStep(3);
        },
        onError: (error) => console.error(error), // spec 2 §8: logged only
        onSettled: () => setBookingId(null),
      },
    );
  };
  const onConfirm = () => {
    if (!offer?.links.confirmExchange) return;
    confirming.mutate(
      { link: offer.links.confirmExchange },
      {
        onSuccess: (exchanged) => {
          setDone(exchanged);
          setStep(4);
        },
      },
    );
  };

  const old = product.data;
  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold text-gray-900">
          <Trans>Échanger un billet</Trans>
        </h1>
        <p className="text-gray-700">{old.name}</p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {backShown && (
          <Button variant="ghost" onClick={back}>
            <ArrowLeft aria-hidden="true" size={18} />
            {t({ message: 'Retour', context: 'previous step' })}
          </Button>
        )}
        <p className="text-sm font-medium text-gray-700">
          <Trans>
            Étape {index} sur {total}
          </Trans>
        </p>
      </div>
      <section aria-labelledby="exchange-step-title" className="space-y-4">
        <h2 id="exchange-step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold text-gray-900 outline-none">
          {titles[shownStep]}
        </h2>

        {shownStep === 0 && <SectionChoice sections={list} chosen={chosenSection} onChoose={setChosenSection} onNext={() => chosenSection && setStep(1)} />}
        {shownStep === 1 && section && (
          <SearchStep initial={search ?? initialSearch(section)} today={today()} searching={searching.isPending} onSearch={onSearch} />
        )}
        {shownStep === 2 && result && (
          <ResultsStep
            result={result}
            directOnly={directOnly}
            onDirectOnly={(next) => {
              setDirectOnly(next);
              setSelection((current) => keepSelection(current, result.searchResults, next));
            }}
            selection={selection}
            onSelect={setSelection}
            booking={bookingId}
            onChoose={onChoose}
          />
        )}
        {shownStep === 3 && offer && <RecapStep offer={offer} confirming={confirming.isPending} onConfirm={onConfirm} />}
        {shownStep === 4 && done && <SuccessStep done={done} email={done.email ?? user?.email ?? null} />}
      </section>
    </div>
  );
}

/** Step 0: which section of the product to exchange. */
function SectionChoice({
  sections,
  chosen,
  onChoose,
  onNext,
}: {
  sections: ExchangeSection[];
  chosen: string | null;
  onChoose: (id: string) => void;
  onNext: () => void;
}) {
  const { t } = useLingui();
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="sr-only">{t`Trajet à échanger`}</legend>
        <ul className="space-y-3">
          {sections.map((s) => (
            <li key={s.id}>
              <label className={`flex cursor-pointer gap-3 rounded-xl border bg-white p-4 ${chosen === s.id ? 'border-brand' : 'border-gray-200'}`}>
                <input type="radio" name="exchange-section" checked={chosen === s.id} onChange={() => onChoose(s.id)} className="mt-1 size-5 accent-brand" />
                <span className="space-y-1">
                  <span className="block font-semibold text-gray-900">
                    {s.from.city} → {s.to.city}
                  </span>
                  <JourneySummary
                    departure={s.departure}
                    arrival={s.arrival}
                    routes={s.routes}
                    duration={Math.round((Date.parse(s.arrival) - Date.parse(s.departure)) / 60_000)}
                  />
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Button disabled={!chosen} onClick={onNext}>
        <Trans>Continuer</Trans>
      </Button>
    </div>
  );
}
