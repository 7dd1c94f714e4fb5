import { Suspense, lazy, useCallback, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { sectionTabClass } from '@web/components/SectionTabs';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import CarFront from 'lucide-react/icons/car-front';
import TreeDeciduous from 'lucide-react/icons/tree-deciduous';
import Utensils from 'lucide-react/icons/utensils';
import type { Equivalent, StatsMode, TravelStats } from '@contract/stats';
import { ListError, ListLoading } from '@web/components/ListStates';
import { formatCo2, formatDay, formatDuration, formatMoney } from '@web/lib/format';
import { currentLang } from '@web/lib/i18n';
import { useUser } from '@web/lib/me';
import { statsQuery } from './api';
import { MODE_COLORS, STACK_ORDER } from './modes';
import { PERIODS, periodDays, type PeriodName, type Scope } from './periods';

const Co2Chart = lazy(() => import('./Co2Chart'));

const choiceClass =
  'flex min-h-11 cursor-pointer items-center rounded-lg border border-gray-400 px-3 font-medium text-gray-900 hover:bg-gray-100 has-[:checked]:border-brand has-[:checked]:bg-gray-100 has-[:checked]:text-brand has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand';
const card = 'rounded-xl border border-gray-200 bg-white p-4';

/** kg as the spec writes them: one decimal below 10 000 g, none above. */
const kgText = (kg: number) => formatCo2(Math.round(kg * 1000));
const percent = (share: number) => `${Math.round(share * 100)} %`;
// One formatter per language: each costs its locale's data.
const numberFormats = new Map<string, Intl.NumberFormat>();
const number = (value: number) => {
  const locale = currentLang() === 'fr' ? 'fr-FR' : 'en-GB';
  const format = numberFormats.get(locale) ?? new Intl.NumberFormat(locale);
  numberFormats.set(locale, format);
  return format.format(value);
};

/**
 * `/account` and `/account/dashboard` (spec 3 §2, §3 "Statistics", §9 "Dashboard"): the
 * user's booked travels over a period — trips, km, CO2 by mode with its equivalents, rail against
 * air, time and money — a chart of CO2 by month (the same figures as a table), and the trips to come.
 * A travel manager switches to their company's.
 */
export function DashboardPage({
  period,
  scope,
  onChange,
}: {
  period: PeriodName;
  scope: Scope;
  onChange: (next: { period: PeriodName; scope: Scope }) => void;
}) {
  const { t } = useLingui();
  const user = useUser();
  const companyLink = user?.links.companyTravelStats;
  const effectiveScope: Scope = scope === 'company' && companyLink ? 'company' : 'user';
  const link = effectiveScope === 'company' ? companyLink : user?.links.travelStats;
  const days = periodDays(period);
  const stats = useQuery({ ...statsQuery(effectiveScope, link ?? { href: '', method: 'GET' }, days), enabled: Boolean(link) });
  const periodLabels: Record<PeriodName, string> = {
    currentYear: t`Année en cours`,
    previousYear: t`Année précédente`,
    thisMonth: t`Ce mois-ci`,
    yearToDate: t`Depuis le 1er janvier`,
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-gray-900">
        <Trans>Tableau de bord</Trans>
      </h1>
      {companyLink && (
        <nav aria-label={t`Voyages affichés`}>
          <ul className="flex flex-wrap gap-2">
            <li>
              <button
                type="button"
                className={sectionTabClass}
                aria-current={effectiveScope === 'user' ? 'page' : undefined}
                onClick={() => onChange({ period, scope: 'user' })}
              >
                <Trans>Mes voyages</Trans>
              </button>
            </li>
            <li>
              <button
                type="button"
                className={sectionTabClass}
                aria-current={effectiveScope === 'company' ? 'page' : undefined}
                onClick={() => onChange({ period, scope: 'company' })}
              >
                <Trans>Mon entreprise</Trans>
              </button>
            </li>
          </ul>
        </nav>
      )}
      <fieldset>
        <legend className="mb-2 font-semibold text-gray-900">
          <Trans>Période</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {PERIODS.map((name) => (
            <label key={name} className={choiceClass}>
              <input
                type="radio"
                name="dashboard-period"
                value={name}
                checked={name === period}
                onChange={() => onChange({ period: name, scope: effectiveScope })}
                className="sr-only"
              />
              {periodLabels[name]}
            </label>
          ))}
        </div>
        <p className="mt-2 text-gray-700">
          <Trans>
            Du {formatDay(days.beginPeriod)} au {formatDay(days.endPeriod)}
          </Trans>
        </p>
      </fieldset>
      {stats.isPending ? (
        <ListLoading label={t`Chargement de vos statistiques`} rowClass="h-24" testId="dashboard-skeleton" />
      ) : stats.isError ? (
        <ListError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <Figures stats={stats.data} busy={stats.isPlaceholderData} />
      )}
    </div>
  );
}

function Figures({ stats, busy }: { stats: TravelStats; busy: boolean }) {
  const { t } = useLingui();
  const modeLabels: Record<StatsMode, string> = { rail: t`Train`, flight: t`Avion`, hotel: t`Hôtel`, car_rental: t`Voiture de location` };
  const { emission } = stats;
  const trips = stats.modes.filter((m) => m.mode === 'rail' || m.mode === 'flight').reduce((n, m) => n + m.products, 0);
  return (
    <div className="flex flex-col gap-6" aria-busy={busy || undefined}>
      <section aria-labelledby="dashboard-totals">
        <h2 id="dashboard-totals" className="sr-only">
          <Trans>Totaux de la période</Trans>
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Total label={t`Voyages`} value={number(stats.travels)} />
          <Total label={t`Kilomètres`} value={`${number(stats.km)} km`} />
          <Total label={t`CO2 émis`} value={kgText(emission.gHGEmission.value)} />
          <Total label={t`Dépenses`} value={formatMoney(stats.cost.totalDirectAmount)} />
          <Total label={t`Temps de trajet`} value={formatDuration(stats.time.total)} />
        </dl>
      </section>

      <section aria-labelledby="dashboard-emissions" className={`${card} flex flex-col gap-4`}>
        <h2 id="dashboard-emissions" className="text-xl font-semibold text-gray-900">
          <Trans>Émissions de CO2</Trans>
        </h2>
        {emission.gHGEmission.value === 0 ? (
          <p className="text-gray-700">
            <Trans>Aucun voyage réservé sur cette période.</Trans>
          </p>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {STACK_ORDER.map((mode) => (
                <li key={mode} className="flex flex-col gap-1">
                  <div className="flex justify-between gap-2">
                    <span className="flex items-center gap-2 font-medium text-gray-900">
                      <span
                        aria-hidden="true"
                        className="inline-block size-3 rounded-sm"
                        data-color={mode}
                        ref={(el) => void (el && (el.style.backgroundColor = MODE_COLORS[mode]))}
                      />
                      {modeLabels[mode]}
                    </span>
                    <span className="tabular-nums text-gray-900">
                      {kgText(emission[mode].value)} · {percent(emission[mode].proportion)}
                    </span>
                  </div>
                  <Bar share={emission[mode].proportion} color={MODE_COLORS[mode]} />
                </li>
              ))}
            </ul>
            <Equivalents equivalents={emission.equivalents} />
          </>
        )}
      </section>

      {trips > 0 && (
        <section aria-labelledby="dashboard-rail-air" className={`${card} flex flex-col gap-2`}>
          <h2 id="dashboard-rail-air" className="text-xl font-semibold text-gray-900">
            <Trans>Train ou avion</Trans>
          </h2>
          <p className="text-gray-900">
            <Trans>
              {percent(stats.railVsAir.rail)} des kilomètres en train, {percent(stats.railVsAir.flight)} en avion.
            </Trans>
          </p>
          <Bar share={stats.railVsAir.rail} color={MODE_COLORS.rail} rest={MODE_COLORS.flight} />
          {stats.topDestinations.length > 0 && (
            <>
              <h3 className="mt-2 font-semibold text-gray-900">
                <Trans>Destinations principales</Trans>
              </h3>
              <ul className="flex flex-wrap gap-2">
                {stats.topDestinations.map((d) => (
                  <li key={d.name} className="rounded-full border border-gray-300 px-3 py-1 text-gray-900">
                    {d.name} · <Plural value={d.trips} one="# trajet" other="# trajets" /> · {kgText(d.gHGEmission.value)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      <MonthlyEmissions months={stats.months} modeLabels={modeLabels} />
      <Upcoming upcoming={stats.upcoming} company={stats.scope === 'company'} modeLabels={modeLabels} />
    </div>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div className={card}>
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-gray-900">{value}</dd>
    </div>
  );
}

/** A share as a bar (its figure is written next to it). The CSP allows no inline style: widths are set through the DOM. */
function Bar({ share, color, rest }: { share: number; color: string; rest?: string }) {
  const paint = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      el.style.width = `${Math.round(share * 1000) / 10}%`;
      el.style.backgroundColor = color;
    },
    [share, color],
  );
  const track = useCallback((el: HTMLDivElement | null) => void (el && rest && (el.style.backgroundColor = rest)), [rest]);
  return (
    <div aria-hidden="true" ref={track} className="h-2 w-full overflow-hidden rounded-full bg-gray-200">
      <div ref={paint} className="h-full" />
    </div>
  );
}

const EQUIVALENT_ICONS: Record<Equivalent['logo'], ReactNode> = {
  car: <CarFront aria-hidden="true" size={24} />,
  meal: <Utensils aria-hidden="true" size={24} />,
  tree: <TreeDeciduous aria-hidden="true" size={24} />,
};

function Equivalents({ equivalents }: { equivalents: Equivalent[] }) {
  return (
    <div>
      <h3 className="font-semibold text-gray-900">
        <Trans>C’est autant que</Trans>
      </h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-3">
        {equivalents.map((e) => (
          <li key={e.name} className="flex items-center gap-3 rounded-lg bg-gray-50 p-3 text-gray-900">
            {EQUIVALENT_ICONS[e.logo]}
            <span>
              <span className="font-bold tabular-nums">{number(e.quantity)}</span> {e.description}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-gray-700">
        <Trans>Facteurs d’émission ADEME.</Trans>
      </p>
    </div>
  );
}

/** The chart (lazy, hidden from assistive technologies) and the same figures as a table. */
function MonthlyEmissions({ months, modeLabels }: { months: TravelStats['months']; modeLabels: Record<StatsMode, string> }) {
  const { t } = useLingui();
  const lang = currentLang();
  const monthLabel = useMemo(() => {
    const years = new Set(months.map((m) => m.month.slice(0, 4)));
    const format = new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
      month: 'short',
      ...(years.size > 1 ? { year: '2-digit' } : {}),
      timeZone: 'UTC',
    });
    return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
  }, [months, lang]);
  const total = (m: TravelStats['months'][number]) => STACK_ORDER.reduce((s, mode) => s + m[mode], 0);
  return (
    <section aria-labelledby="dashboard-months" className={`${card} flex flex-col gap-4`}>
      <h2 id="dashboard-months" className="text-xl font-semibold text-gray-900">
        <Trans>CO2 par mois</Trans>
      </h2>
      <figure aria-hidden="true" className="flex flex-col gap-2">
        <Suspense fallback={<div className="h-[260px] animate-pulse rounded-lg bg-gray-100 motion-reduce:animate-none" />}>
          <Co2Chart months={months} monthLabel={monthLabel} />
        </Suspense>
        <figcaption className="flex flex-wrap gap-4 text-sm text-gray-800">
          {STACK_ORDER.map((mode) => (
            <span key={mode} className="flex items-center gap-2">
              <span className="inline-block size-3 rounded-sm" ref={(el) => void (el && (el.style.backgroundColor = MODE_COLORS[mode]))} />
              {modeLabels[mode]}
            </span>
          ))}
        </figcaption>
      </figure>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-gray-900">
          <caption className="sr-only">{t`Émissions de CO2 par mois et par mode, en kg`}</caption>
          <thead>
            <tr className="border-b border-gray-300">
              <th scope="col" className="py-2 pr-4">
                <Trans>Mois</Trans>
              </th>
              {STACK_ORDER.map((mode) => (
                <th key={mode} scope="col" className="py-2 pr-4 text-right">
                  {modeLabels[mode]}
                </th>
              ))}
              <th scope="col" className="py-2 text-right">
                <Trans>Total</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-b border-gray-100">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {monthLabel(m.month)}
                </th>
                {STACK_ORDER.map((mode) => (
                  <td key={mode} className="py-2 pr-4 text-right tabular-nums">
                    {kgText(m[mode])}
                  </td>
                ))}
                <td className="py-2 text-right font-semibold tabular-nums">{kgText(total(m))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Upcoming({ upcoming, company, modeLabels }: { upcoming: TravelStats['upcoming']; company: boolean; modeLabels: Record<StatsMode, string> }) {
  return (
    <section aria-labelledby="dashboard-upcoming" className={`${card} flex flex-col gap-3`}>
      <h2 id="dashboard-upcoming" className="text-xl font-semibold text-gray-900">
        <Trans>Prochains voyages</Trans>
      </h2>
      {upcoming.length === 0 ? (
        <p className="text-gray-700">
          <Trans>Aucun voyage à venir.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {upcoming.map((u) => (
            <li key={u.travelID} className="flex flex-col gap-1 rounded-lg border border-gray-200 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold text-gray-900">{formatDay(u.products[0]?.departure ?? u.startsAt)}</p>
                <ul className="text-gray-900">
                  {u.products.map((p, i) => (
                    <li key={i}>
                      {modeLabels[p.type]} : {p.type === 'hotel' ? `${p.from}, ${p.to}` : p.from === p.to ? p.from : `${p.from} → ${p.to}`}
                    </li>
                  ))}
                </ul>
                {company && u.travellers.length > 0 && (
                  <p className="text-sm text-gray-700">{u.travellers.map((p) => `${p.firstname} ${p.lastname}`).join(', ')}</p>
                )}
              </div>
              {u.links.getTravel && (
                <Link to="/travel-view" search={{ travel: u.travelID }} className="font-medium text-brand underline underline-offset-2">
                  <Trans>Voir le voyage</Trans>
                  <span className="sr-only"> {formatDay(u.products[0]?.departure ?? u.startsAt)}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
