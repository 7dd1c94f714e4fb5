import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import Archive from 'lucide-react/icons/archive';
import BellRing from 'lucide-react/icons/bell-ring';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import CalendarX from 'lucide-react/icons/calendar-x';
import SearchX from 'lucide-react/icons/search-x';
import type { BookingTicket } from '@contract/my-bookings';
import { Button, buttonClass } from '@web/components/Button';
import { ListError, ListLoading } from '@web/components/ListStates';
import { SelectField, TextField } from '@web/components/Field';
import { OfflineNotice } from '@web/components/OfflineNotice';
import { useStatusLabel } from '@web/components/BookingStatus';
import { formatDay } from '@web/lib/format';
import type { BookingsSearch, TicketSort, TicketType } from '@web/lib/bookings-search';
import { TICKET_SORTS, TICKET_TYPES } from '@web/lib/bookings-search';
import { TICKETS_PAINTED_MARK } from '@web/lib/perf-marks';
import { openModal } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import type { TicketsKind } from './api';
import { isPending, remindMutation, ticketsQuery } from './api';
import { SelectionActions } from './actions';
import { TicketRow } from './TicketRow';
import { useNear } from '@web/components/use-near';

type Props = {
  kind: TicketsKind;
  search: BookingsSearch;
  /** Changes the address's search (filters, order). */
  onSearch: (change: BookingsSearch) => void;
};

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A travel and its tickets, as one group of a section. */
type Group = { travelID: string; tickets: BookingTicket[] };

/** Groups the sorted tickets by travel, in the order their first ticket comes; a group's tickets by departure. */
function groupByTravel(tickets: BookingTicket[]): Group[] {
  const groups = new Map<string, BookingTicket[]>();
  for (const t of tickets) {
    const group = groups.get(t.travelID);
    if (group) group.push(t);
    else groups.set(t.travelID, [t]);
  }
  return [...groups].map(([travelID, list]) => ({ travelID, tickets: list.sort(byDeparture) }));
}

/** By departure, its ISO text (the local date and time first): compared as plain strings, localeCompare's collation costs on a thousand tickets. */
const byDeparture = (a: BookingTicket, b: BookingTicket) => (a.departure < b.departure ? -1 : a.departure > b.departure ? 1 : 0);

/** "Mes réservations" (kind active: a pending section, then the reservations) and "Mes archives" (kind passed), spec 2 §2–§4. */
export function BookingsPage({ kind, search, onSearch }: Props) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const list = useInfiniteQuery(ticketsQuery(kind));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const serverSort: TicketSort = kind === 'active' ? 'date-asc' : 'date-desc';
  const sort: TicketSort = search.sort ?? serverSort;
  const loaded = useMemo(() => list.data?.pages.flatMap((page) => page.tickets) ?? [], [list.data]);
  const complete = list.data !== undefined && !list.hasNextPage;
  const filtered = Boolean(search.status || search.type || search.traveller || search.from || search.to);
  // The pages come in the server's order (the default one) as the user scrolls. Filters, another
  // order, or a hand on the filters (the status options come from the tickets) need them all.
  const [touched, setTouched] = useState(false);
  const wantsAll = filtered || sort !== serverSort || touched;
  // One read at a time: a next page never cancels a refetch of the pages read (a change to a travel).
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = list;
  const readNextPage = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  // Pages read so far: a page that came back at once (from a cache) may render no "fetching" in between.
  const pages = list.data?.pages.length ?? 0;
  useEffect(() => {
    if (wantsAll && hasNextPage && !isFetching && !isFetchNextPageError) readNextPage();
  }, [wantsAll, hasNextPage, isFetching, isFetchNextPageError, readNextPage, pages]);

  const shown = useMemo(() => {
    const all = loaded;
    const wanted = search.status ? statusLabel(search.status) : null;
    const name = search.traveller ? fold(search.traveller.trim()) : '';
    const filtered = all.filter(
      (ticket) =>
        (!wanted || statusLabel(ticket.status) === wanted) &&
        (!search.type || ticket.type === search.type) &&
        (!name || ticket.travelers.some((p) => fold(`${p.firstname} ${p.lastname}`).includes(name) || fold(`${p.lastname} ${p.firstname}`).includes(name))) &&
        (!search.from || ticket.departure.slice(0, 10) >= search.from) &&
        (!search.to || ticket.departure.slice(0, 10) <= search.to),
    );
    return filtered.sort(
      sort === 'date-asc'
        ? byDeparture
        : sort === 'date-desc'
          ? (a, b) => byDeparture(b, a)
          : (a, b) => statusLabel(a.status).localeCompare(statusLabel(b.status)) || byDeparture(a, b),
    );
  }, [loaded, search.status, search.type, search.traveller, search.from, search.to, sort, statusLabel]);

  const chosen = useMemo(() => shown.filter((ticket) => selected.has(ticket.uid)), [shown, selected]);

  const toggle = (uids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const uid of uids) {
        if (on) next.add(uid);
        else next.delete(uid);
      }
      return next;
    });

  const title = kind === 'active' ? t`Mes réservations` : t`Mes archives`;
  const n = shown.length;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
        {kind === 'active' && (
          <Button variant="secondary" onClick={() => openModal('CalendarSubscription')}>
            <CalendarPlus aria-hidden="true" size={18} />
            <Trans>Abonner mon agenda</Trans>
          </Button>
        )}
      </div>
      <OfflineNotice updatedAt={list.dataUpdatedAt} />
      <Filters kind={kind} search={search} sort={sort} statuses={loaded} onSearch={onSearch} onTouch={() => setTouched(true)} />
      {list.isPending || (sort !== serverSort && !complete && !list.isFetchNextPageError) ? (
        // Another order than the server's: shown once every ticket came (a few pages).
        <ListLoading label={t`Chargement des billets`} rowClass="h-36" testId="ticket-placeholder" />
      ) : list.isError && !list.isFetchNextPageError ? (
        <ListError error={list.error} onRetry={() => void list.refetch()} />
      ) : loaded.length === 0 ? (
        <Empty kind={kind} />
      ) : shown.length === 0 && list.hasNextPage && !list.isFetchNextPageError ? (
        <ListLoading label={t`Chargement des billets`} rowClass="h-36" testId="ticket-placeholder" />
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 p-8 text-center">
          <SearchX aria-hidden="true" size={32} className="text-gray-600" />
          <p className="font-semibold text-gray-900">
            <Trans>Aucun billet ne correspond à ces filtres</Trans>
          </p>
          <Button variant="secondary" onClick={() => onSearch({ status: undefined, type: undefined, traveller: undefined, from: undefined, to: undefined })}>
            <Trans>Effacer les filtres</Trans>
          </Button>
        </div>
      ) : (
        <>
          <SelectionBar chosen={chosen} onClear={() => setSelected(new Set())} />
          <Sections kind={kind} tickets={shown} complete={complete} selected={selected} onToggle={toggle} />
          {list.hasNextPage && <NextPageTrigger onNear={readNextPage} busy={list.isFetching} failed={list.isFetchNextPageError} pages={pages} />}
          <p className="sr-only" role="status">
            {list.isFetchingNextPage ? t`Chargement d’autres billets…` : filtered && complete ? (n === 1 ? t`1 billet affiché` : t`${n} billets affichés`) : ''}
          </p>
        </>
      )}
    </div>
  );
}

/**
 * Below the list while pages remain: the next one is read when it comes within 100 px or is 10 %
 * visible (the user scrolled to the last tickets read), or on request (keyboard, screen reader, or
 * after a page failed to come).
 */
function NextPageTrigger({ onNear, busy, failed, pages }: { onNear: () => void; busy: boolean; failed: boolean; pages: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNear(ref);
  // While it stays in view (a short page, a tall screen), page after page comes.
  const onNearRef = useRef(onNear);
  onNearRef.current = onNear;
  useEffect(() => {
    // A page that failed is asked again by hand only (the http client showed why).
    if (near && !busy && !failed) onNearRef.current();
  }, [near, busy, failed, pages]);
  return (
    <div ref={ref} className="flex justify-center py-2">
      <Button variant="secondary" busy={busy} onClick={onNear}>
        <Trans>Voir plus de billets</Trans>
      </Button>
    </div>
  );
}

function Empty({ kind }: { kind: TicketsKind }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 p-8 text-center">
      {kind === 'active' ? (
        <CalendarX aria-hidden="true" size={32} className="text-gray-600" />
      ) : (
        <Archive aria-hidden="true" size={32} className="text-gray-600" />
      )}
      <p className="font-semibold text-gray-900">{kind === 'active' ? <Trans>Aucune réservation récente</Trans> : <Trans>Aucune archive</Trans>}</p>
      <p className="text-gray-700">
        {kind === 'active' ? (
          <Trans>Vos voyages réservés et ceux en attente d’approbation apparaîtront ici.</Trans>
        ) : (
          <Trans>Vos voyages apparaissent ici une fois arrivés à destination.</Trans>
        )}
      </p>
      {kind === 'active' ? (
        <Link to="/" className={buttonClass.primary}>
          <Trans>Réserver un voyage</Trans>
        </Link>
      ) : (
        <Link to="/account/tickets" className={buttonClass.secondary}>
          <Trans>Voir mes réservations</Trans>
        </Link>
      )}
    </div>
  );
}

/** The filters (status, type, traveller, departure days) and the order; each change writes the address. */
function Filters({
  kind,
  search,
  sort,
  statuses,
  onSearch,
  onTouch,
}: {
  kind: TicketsKind;
  search: BookingsSearch;
  sort: TicketSort;
  statuses: BookingTicket[];
  onSearch: (change: BookingsSearch) => void;
  /** A filter got the focus: the rest of the list is read (the status options are those of every ticket). */
  onTouch: () => void;
}) {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const [name, setName] = useState(search.traveller ?? '');
  const sent = useRef(search.traveller ?? '');
  useEffect(() => {
    // The address changed (back, a link, clear): the field follows it.
    if ((search.traveller ?? '') !== sent.current) setName((sent.current = search.traveller ?? ''));
  }, [search.traveller]);
  useEffect(() => {
    if (name === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = name;
      onSearch({ traveller: name.trim() ? name : undefined });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [name, onSearch]);

  // One option per label (issued, booked and confirmed all read "issued"), the chosen one included.
  const options = useMemo(() => {
    const byLabel = new Map<string, string>();
    for (const s of [...statuses.map((ticket) => ticket.status), ...(search.status ? [search.status] : [])])
      if (!byLabel.has(statusLabel(s))) byLabel.set(statusLabel(s), s);
    return [...byLabel].sort(([a], [b]) => a.localeCompare(b));
  }, [statuses, search.status, statusLabel]);
  const chosenStatus = search.status ? options.find(([label]) => label === statusLabel(search.status!))?.[1] : '';
  const typeLabels: Record<TicketType, string> = { rail: t`Train`, flight: t`Avion`, hotel: t`Hôtel`, car_rental: t`Location de voiture` };
  const sortLabels: Record<TicketSort, string> = {
    'date-asc': t`Date de départ, la plus proche d’abord`,
    'date-desc': t`Date de départ, la plus récente d’abord`,
    status: t`Statut`,
  };

  return (
    <form
      role="search"
      aria-label={kind === 'active' ? t`Filtrer mes réservations` : t`Filtrer mes archives`}
      className="flex flex-wrap items-end gap-3"
      onFocus={onTouch}
      onSubmit={(event) => event.preventDefault()}
    >
      <SelectField label={t`Statut`} value={chosenStatus} onChange={(event) => onSearch({ status: event.target.value || undefined })}>
        <option value="">{t`Tous`}</option>
        {options.map(([label, status]) => (
          <option key={status} value={status}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Type`}
        value={search.type ?? ''}
        onChange={(event) => onSearch({ type: (event.target.value || undefined) as TicketType | undefined })}
      >
        <option value="">{t`Tous`}</option>
        {TICKET_TYPES.map((type) => (
          <option key={type} value={type}>
            {typeLabels[type]}
          </option>
        ))}
      </SelectField>
      <TextField type="search" className="min-w-48 flex-1" label={t`Voyageur`} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
      <TextField
        type="date"
        label={t`Départ à partir du`}
        value={search.from ?? ''}
        max={search.to}
        onChange={(event) => onSearch({ from: event.target.value || undefined })}
      />
      <TextField
        type="date"
        label={t`Départ jusqu’au`}
        value={search.to ?? ''}
        min={search.from}
        onChange={(event) => onSearch({ to: event.target.value || undefined })}
      />
      <SelectField label={t`Trier par`} value={sort} onChange={(event) => onSearch({ sort: event.target.value as TicketSort })}>
        {TICKET_SORTS.map((s) => (
          <option key={s} value={s}>
            {sortLabels[s]}
          </option>
        ))}
      </SelectField>
    </form>
  );
}

/**
 * What the ticked tickets allow: "Relancer l'approbateur" when they are exactly one pending approval
 * with a remind link (spec 2 "Selection in lists"), and cancelling them together.
 */
function SelectionBar({ chosen, onClear }: { chosen: BookingTicket[]; onClear: () => void }) {
  const { t } = useLingui();
  const reminding = useMutation(remindMutation());
  const approvals = new Set(chosen.map((ticket) => (ticket.status === 'pending_approval' ? ticket.approvalID : null)));
  const remindLink = approvals.size === 1 && !approvals.has(null) ? chosen[0]!.links.remind : undefined;
  const count = chosen.length;
  return (
    <div
      role="toolbar"
      aria-label={t`Billets sélectionnés`}
      className="sticky top-0 z-10 flex min-h-14 flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white px-4 py-2 shadow-sm"
    >
      <p aria-live="polite" className="font-medium text-gray-900">
        {count === 0 ? t`Cochez des billets pour agir sur eux` : count === 1 ? t`1 billet sélectionné` : t`${count} billets sélectionnés`}
      </p>
      {remindLink && (
        <Button
          variant="secondary"
          busy={reminding.isPending}
          onClick={() => reminding.mutate({ link: remindLink }, { onSuccess: () => toast.success(t`L’approbateur a été relancé`) })}
        >
          <BellRing aria-hidden="true" size={18} />
          <Trans>Relancer l’approbateur</Trans>
        </Button>
      )}
      <SelectionActions tickets={chosen} />
      {count > 0 && (
        <Button variant="ghost" className="ml-auto" onClick={onClear}>
          <Trans>Tout désélectionner</Trans>
        </Button>
      )}
    </div>
  );
}

type SectionProps = {
  kind: TicketsKind;
  tickets: BookingTicket[];
  /** Every page read: the sections' sizes are known (else aria-setsize -1, unknown). */
  complete: boolean;
  selected: ReadonlySet<string>;
  onToggle: (uids: string[], on: boolean) => void;
};

/** Active: the pending section (approval, options to confirm) above the reservations; archives: one section. */
function Sections({ kind, tickets, complete, ...rest }: SectionProps) {
  const { t } = useLingui();
  const painted = tickets.length > 0;
  useEffect(() => {
    if (!painted) return;
    // After the frame that paints the first tickets (bench/bookings.ts reads it).
    const frame = requestAnimationFrame(() => setTimeout(() => performance.mark(TICKETS_PAINTED_MARK), 0));
    return () => cancelAnimationFrame(frame);
  }, [painted]);
  if (kind === 'passed') return <Section title={t`Voyages passés`} groups={groupByTravel(tickets)} complete={complete} {...rest} />;
  const pending = tickets.filter(isPending);
  const others = tickets.filter((ticket) => !isPending(ticket));
  return (
    <>
      {pending.length > 0 && (
        <Section
          title={t`En attente`}
          hint={t`En attente d’approbation ou options à confirmer`}
          groups={groupByTravel(pending)}
          // The server sends the pending tickets first: once others came, this section is whole.
          complete={complete || others.length > 0}
          {...rest}
        />
      )}
      {others.length > 0 && <Section title={t`Réservations`} groups={groupByTravel(others)} complete={complete} {...rest} />}
    </>
  );
}

const ESTIMATED_GROUP_PX = 260;

/** A section's travels, virtualised on the window's scroll: a thousand tickets keep a few dozen in the page. */
function Section({
  title,
  hint,
  groups,
  complete,
  selected,
  onToggle,
}: Omit<SectionProps, 'kind' | 'tickets'> & { title: string; hint?: string; groups: Group[] }) {
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const [margin, setMargin] = useState(0);
  // Where the list starts in the page: the sections and filters above it grow and shrink (their rows measured, a wrap).
  useLayoutEffect(() => {
    const measure = () => setMargin((listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: groups.length,
    estimateSize: () => ESTIMATED_GROUP_PX,
    getItemKey: (index) => groups[index]!.travelID,
    overscan: 4,
    gap: 16,
    scrollMargin: margin,
  });
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-xl font-bold text-gray-900">
          {title}
        </h2>
        {hint && <p className="text-gray-700">{hint}</p>}
      </div>
      <ul ref={listRef} aria-labelledby={headingId} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const group = groups[row.index]!;
          return (
            <li
              key={row.key}
              ref={virtualizer.measureElement}
              data-index={row.index}
              aria-setsize={complete ? groups.length : -1}
              aria-posinset={row.index + 1}
              className="absolute inset-x-0 top-0"
              style={{ transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            >
              <TravelGroup group={group} selected={selected} onToggle={onToggle} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One travel: its date, "select all" (indeterminate when some are ticked), and its tickets. */
function TravelGroup({ group, selected, onToggle }: { group: Group } & Pick<SectionProps, 'selected' | 'onToggle'>) {
  const { t } = useLingui();
  const all = useRef<HTMLInputElement>(null);
  const uids = group.tickets.map((ticket) => ticket.uid);
  const ticked = uids.filter((uid) => selected.has(uid)).length;
  useEffect(() => {
    if (all.current) all.current.indeterminate = ticked > 0 && ticked < uids.length;
  }, [ticked, uids.length]);
  const first = group.tickets[0]!;
  const day = formatDay(first.departure);
  const headingId = `travel-${group.travelID}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={all}
          type="checkbox"
          className="size-6 shrink-0 accent-[var(--brand)]"
          checked={ticked === uids.length}
          aria-label={t`Sélectionner tous les billets du voyage du ${day}`}
          onChange={(event) => onToggle(uids, event.target.checked)}
        />
        <h3 id={headingId} className="text-lg font-bold text-gray-900">
          <Trans>Voyage du {day}</Trans>
        </h3>
      </div>
      <ul aria-label={t`Billets du voyage du ${day}`} className="space-y-3">
        {group.tickets.map((ticket) => (
          <li key={ticket.uid}>
            <TicketRow ticket={ticket} checked={selected.has(ticket.uid)} onCheck={(on) => onToggle([ticket.uid], on)} />
          </li>
        ))}
      </ul>
    </article>
  );
}
