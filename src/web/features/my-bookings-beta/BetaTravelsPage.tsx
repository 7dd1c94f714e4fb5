import type { KeyboardEvent } from 'react';
import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { defaultRangeExtractor, measureElement, useWindowVirtualizer } from '@tanstack/react-virtual';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import Luggage from 'lucide-react/icons/luggage';
import SearchX from 'lucide-react/icons/search-x';
import { personName } from '@contract/person-name';
import type { BetaStatus, TravelListItem } from '@contract/travel-list';
import { BETA_STATUS_FILTERS } from '@contract/travel-list';
import { BookingStatus } from '@web/components/BookingStatus';
import { Button } from '@web/components/Button';
import { ListError, ListLoading } from '@web/components/ListStates';
import { SelectField, TextField } from '@web/components/Field';
import { formatJourneySpan } from '@web/lib/format';
import type { BetaClientFilters, BetaServerFilters, BetaSort } from './api';
import { betaListQuery, hasClientFilter, matches } from './api';
import { useNear } from '@web/components/use-near';

const ESTIMATED_ROW_PX = 128;
const GAP_PX = 12;
const OVERSCAN = 4;
const estimateSize = () => ESTIMATED_ROW_PX;
const NO_CLIENT_FILTER: BetaClientFilters = { name: '', place: '', date: '' };

/**
 * `/account/tickets-beta` and `/account/archives-beta` (spec 2 §2, §9; spec 3 "Beta ticket list"):
 * the user's travels to come or past, page after page as the end of the list nears (100 px margin,
 * 10 % visible), in a window-scrolled virtual feed so that 10,000 travels keep ~20 rows in the DOM.
 * Status and order are the server's (they must hold over every page); name, place and day filter the
 * travels loaded.
 */
export function BetaTravelsPage({ archives }: { archives: boolean }) {
  const { t } = useLingui();
  const [status, setStatus] = useState<BetaStatus | 'all'>('all');
  const [sort, setSort] = useState<BetaSort>('dateDesc');
  const [filters, setFilters] = useState<BetaClientFilters>(NO_CLIENT_FILTER);
  const server: BetaServerFilters = { passed: archives, status, sort };
  const statusLabels: Record<BetaStatus | 'all', string> = {
    all: t`Tous`,
    issued: t`Émis`,
    pending: t`En attente`,
    approval: t`En approbation`,
    error: t`En erreur`,
    cancelled: t`Annulés`,
    printed: t`Imprimés`,
  };
  const title = archives ? t`Mes archives (bêta)` : t`Mes réservations (bêta)`;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <form role="search" aria-label={t`Filtrer les voyages`} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" onSubmit={(event) => event.preventDefault()}>
        <TextField
          type="search"
          label={t`Voyageur`}
          hint={t`Prénom ou nom`}
          value={filters.name}
          maxLength={100}
          onChange={(event) => setFilters((f) => ({ ...f, name: event.target.value }))}
        />
        <TextField
          type="search"
          label={t`Lieu`}
          hint={t`Ville, gare ou aéroport`}
          value={filters.place}
          maxLength={100}
          onChange={(event) => setFilters((f) => ({ ...f, place: event.target.value }))}
        />
        <TextField
          type="date"
          label={t`Date`}
          hint={t`Un jour du voyage`}
          value={filters.date}
          onChange={(event) => setFilters((f) => ({ ...f, date: event.target.value }))}
        />
        <SelectField label={t`Statut`} value={status} onChange={(event) => setStatus(event.target.value as BetaStatus | 'all')}>
          {(['all', ...BETA_STATUS_FILTERS] as const).map((s) => (
            <option key={s} value={s}>
              {statusLabels[s]}
            </option>
          ))}
        </SelectField>
        <SelectField label={t`Trier par`} value={sort} onChange={(event) => setSort(event.target.value as BetaSort)}>
          <option value="dateDesc">{t`Date (plus récent d’abord)`}</option>
          <option value="dateAsc">{t`Date (plus ancien d’abord)`}</option>
          <option value="statusAsc">{t`Statut`}</option>
        </SelectField>
      </form>
      <TravelFeed
        server={server}
        filters={filters}
        label={title}
        onClearFilters={() => {
          setFilters(NO_CLIENT_FILTER);
          setStatus('all');
        }}
      />
    </div>
  );
}

/** Folded texts of a travel for the client filters, computed once per travel loaded. */
function TravelFeed({
  server,
  filters,
  label,
  onClearFilters,
}: {
  server: BetaServerFilters;
  filters: BetaClientFilters;
  label: string;
  onClearFilters: () => void;
}) {
  const { t } = useLingui();
  const list = useInfiniteQuery({ ...betaListQuery(server) });
  const deferred = useDeferredValue(filters);
  const loaded = useMemo(() => list.data?.pages.flatMap((p) => p.travels) ?? [], [list.data]);
  const filtering = hasClientFilter(deferred);
  const travels = useMemo(() => (filtering ? loaded.filter((travel) => matches(travel, deferred)) : loaded), [loaded, deferred, filtering]);
  const total = list.data?.pages[0]?.total ?? 0;
  const complete = !list.hasNextPage;
  // aria-setsize: every travel the server has when nothing is filtered here; unknown (-1) while filtered travels may still come.
  const setSize = filtering ? (complete ? travels.length : -1) : total;

  const announcement = list.isFetchingNextPage ? (
    <Trans>Chargement d’autres voyages…</Trans>
  ) : filtering ? (
    <>
      <Plural value={travels.length} one="# voyage correspond" other="# voyages correspondent" />
      {!complete && (
        <>
          {' '}
          <Trans>
            (parmi {loaded.length} chargés sur {total})
          </Trans>
        </>
      )}
    </>
  ) : (
    <Plural value={total} one="# voyage" other="# voyages" />
  );

  if (list.isPending) return <ListLoading label={t`Chargement des voyages`} rowClass="h-28" testId="travel-placeholder" />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      <p role="status" className="text-gray-800">
        {announcement}
      </p>
      {travels.length === 0 && complete ? (
        <Empty filtered={filtering || server.status !== 'all'} archives={server.passed} onClearFilters={onClearFilters} />
      ) : (
        <VirtualFeed travels={travels} label={label} setSize={setSize} busy={list.isFetchingNextPage} />
      )}
      {list.hasNextPage ? (
        <NextPageTrigger onNear={() => void list.fetchNextPage()} busy={list.isFetchingNextPage} />
      ) : (
        loaded.length > 0 && (
          <p className="text-center text-gray-700">
            <Trans>Il n’y a plus d’autre voyage.</Trans>
          </p>
        )
      )}
    </>
  );
}

/**
 * The feed (ARIA feed pattern): articles with their position in the set; one of them in the tab
 * order, the arrows, Page Up/Down, Home and End move between them (scrolling the virtual list).
 */
function VirtualFeed({ travels, label, setSize, busy }: { travels: TravelListItem[]; label: string; setSize: number; busy: boolean }) {
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [activeId, setActiveId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const count = travels.length;
  const activeIndex = Math.max(0, activeId === null ? 0 : travels.findIndex((tr) => tr.id === activeId));

  useLayoutEffect(() => {
    const measure = () => setScrollMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // Stable between renders: the virtualizer lays out every row again (O(travels)) when its count, key or margin change.
  const getItemKey = useCallback((index: number) => travels[index]!.id, [travels]);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize,
    getItemKey,
    gap: GAP_PX,
    overscan: OVERSCAN,
    scrollMargin,
    // Without layout (a DOM without a layout engine) a row measures 0: keep the estimate.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ESTIMATED_ROW_PX,
    // The row in the tab order stays rendered while scrolled away, so Tab still finds the feed.
    rangeExtractor: (range) => {
      const rows = defaultRangeExtractor(range);
      return rows.includes(activeIndex) || activeIndex >= range.count ? rows : [...rows, activeIndex].sort((a, b) => a - b);
    },
  });

  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-travel-id]') ?? [])].find((r) => r.dataset.travelId === id);
    if (row) {
      pendingFocus.current = null;
      row.focus();
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row || row !== event.target) return;
    const index = Number(row.dataset.index);
    const page = Math.max(1, Math.floor(window.innerHeight / (ESTIMATED_ROW_PX + GAP_PX)));
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, PageDown: index + page, PageUp: index - page, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const target = Math.min(count - 1, Math.max(0, moves[event.key]!));
    if (target === index) return;
    const id = travels[target]!.id;
    pendingFocus.current = id;
    setActiveId(id);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  return (
    <div
      ref={listRef}
      role="feed"
      aria-label={label}
      aria-busy={busy}
      className="relative"
      style={{ height: virtualizer.getTotalSize() }}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const id = (event.target as HTMLElement).dataset.travelId;
        if (id) setActiveId(id);
      }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const travel = travels[item.index]!;
        return (
          <TravelRow
            key={item.key}
            travel={travel}
            index={item.index}
            setSize={setSize}
            tabbable={item.index === activeIndex}
            measure={virtualizer.measureElement}
            top={item.start - virtualizer.options.scrollMargin}
          />
        );
      })}
    </div>
  );
}

/** A product's places: a trip's stations in order; a stay's hotel, a rental's agency (and its return agency when another). */
function productPlaces(p: TravelListItem['products'][number]): string {
  if (p.routes.length > 1)
    return p.routes
      .map((r) => r.from)
      .concat(p.routes[p.routes.length - 1]!.to)
      .join(' → ');
  return p.type === 'rail' || p.type === 'flight' || p.to !== p.from ? `${p.from} → ${p.to}` : p.from;
}

/** One travel: its trips (places, local dates and times), its travellers and its status (rendered again only when its props change, not on every scroll). */
const TravelRow = memo(function TravelRow({
  travel,
  index,
  setSize,
  tabbable,
  measure,
  top,
}: {
  travel: TravelListItem;
  index: number;
  setSize: number;
  tabbable: boolean;
  measure: (el: Element | null) => void;
  top: number;
}) {
  const { t } = useLingui();
  const headingId = `beta-travel-${travel.id}`;
  // The heading is the journey (its trips' first departure and last arrival); a travel of a stay or a rental alone names that.
  const trips = travel.products.filter((p) => p.type === 'rail' || p.type === 'flight');
  const first = trips[0];
  const last = trips[trips.length - 1];
  const travellers = [...new Set(travel.products.flatMap((p) => p.ticketsByPax.map(({ pax }) => personName(pax))))];
  return (
    <article
      ref={measure}
      data-index={index}
      data-travel-id={travel.id}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-labelledby={headingId}
      tabIndex={tabbable ? 0 : -1}
      className="absolute inset-x-0 top-0 rounded-xl border border-gray-200 bg-white p-4 outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand"
      style={{ transform: `translateY(${top}px)` }}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {first && last ? `${first.from} → ${last.to}` : travel.products[0] ? productPlaces(travel.products[0]) : t`Voyage sans trajet`}
        </h2>
        <BookingStatus status={travel.status} />
      </div>
      <ul className="mt-2 space-y-1 text-gray-800">
        {travel.products.map((p) => (
          <li key={p.id} className="flex flex-wrap gap-x-3">
            <span className="tabular-nums">{formatJourneySpan(p.departure, p.arrival)}</span>
            <span>{productPlaces(p)}</span>
          </li>
        ))}
      </ul>
      {travellers.length > 0 && (
        <p className="mt-1 text-gray-700">
          <span className="sr-only">{t`Voyageurs :`} </span>
          {travellers.join(', ')}
        </p>
      )}
    </article>
  );
});

/** The bottom marker: the next page is asked for when it comes within 100 px or is 10 % visible (spec 2 §9), or on request. */
function NextPageTrigger({ onNear, busy }: { onNear: () => void; busy: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNear(ref);
  // While it stays in view (short lists, filters that hide most travels), page after page comes.
  const onNearRef = useRef(onNear);
  onNearRef.current = onNear;
  useEffect(() => {
    if (near && !busy) onNearRef.current();
  }, [near, busy]);
  return (
    <div ref={ref} className="flex justify-center py-2">
      <Button variant="secondary" busy={busy} onClick={onNear}>
        <Trans>Voir plus de voyages</Trans>
      </Button>
    </div>
  );
}

function Empty({ filtered, archives, onClearFilters }: { filtered: boolean; archives: boolean; onClearFilters: () => void }) {
  const { t } = useLingui();
  if (filtered)
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 p-8 text-center">
        <SearchX aria-hidden="true" size={32} className="text-gray-600" />
        <p className="font-semibold text-gray-900">{t`Aucun voyage ne correspond à ces filtres`}</p>
        <Button variant="secondary" onClick={onClearFilters}>
          <Trans>Effacer les filtres</Trans>
        </Button>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <Luggage aria-hidden="true" size={32} className="text-gray-600" />
      <p className="font-semibold text-gray-900">{archives ? t`Aucun voyage passé` : t`Aucun voyage à venir`}</p>
      <p className="text-gray-700">{archives ? t`Vos voyages terminés apparaîtront ici.` : t`Les voyages que vous réservez apparaîtront ici.`}</p>
      {!archives && (
        <Link to="/" className="font-semibold text-brand underline">
          <Trans>Rechercher un trajet</Trans>
        </Link>
      )}
    </div>
  );
}
