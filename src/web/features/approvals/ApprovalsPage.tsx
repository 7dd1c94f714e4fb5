import type { KeyboardEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import Inbox from 'lucide-react/icons/inbox';
import Search from 'lucide-react/icons/search';
import type { Link } from '@contract/link';
import { APPROVAL_SORTS } from '@contract/approvals';
import { Button } from '@web/components/Button';
import { ListError, ListLoading } from '@web/components/ListStates';
import { SelectField, TextField } from '@web/components/Field';
import { approvalCountsQuery } from '@web/lib/approvals';
import { useUser } from '@web/lib/me';
import type { ApprovalKind, ApprovalListFilters, ApprovalSort, ApprovalTab } from './api';
import { APPROVAL_TABS, approvalListQuery, approvalQuery } from './api';
import { ApprovalCard } from './ApprovalCard';

export type ApprovalsSearch = Partial<ApprovalListFilters> & { request?: string };

type Props = {
  search: ApprovalsSearch;
  /** Changes the address's search (the tab, the kind, the name searched, the order). */
  onSearch: (change: ApprovalsSearch) => void;
};

/** The approver's inbox (spec 2 §2 "Approvals page", §4, §6): tabs, regular or safety, search, sort, ten a page. */
export function ApprovalsPage({ search, onSearch }: Props) {
  const { t } = useLingui();
  const user = useUser();
  const regular = user?.links.approvals;
  const safety = user?.canApproveSafetyApproval ? user.links.safetyApprovals : undefined;
  const kind: ApprovalKind = search.kind === 'safety' && safety ? 'safety' : regular ? 'regular' : 'safety';
  const link: Link | undefined = kind === 'safety' ? safety : regular;
  const filters: ApprovalListFilters = {
    tab: search.tab ?? 'pending',
    kind,
    q: search.q ?? '',
    sort: search.sort ?? 'requestedAt',
    order: search.order ?? 'desc',
  };
  const tabLabels: Record<ApprovalTab, string> = { pending: t`En attente`, answered: t`Répondues`, accepted: t`Acceptées`, denied: t`Refusées` };
  const counts = useQuery({ ...approvalCountsQuery(user?.links.approvalCounts ?? { href: '', method: 'GET' }), enabled: Boolean(user?.links.approvalCounts) });
  const pendingCount = kind === 'safety' ? counts.data?.safetyPending : counts.data?.pending;

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Demandes d’approbation</Trans>
      </h1>
      {search.request && <DeepLinked id={search.request} />}
      {regular && safety && (
        <div role="group" aria-label={t`Type de demandes`} className="flex flex-wrap gap-2">
          {(['regular', 'safety'] as const).map((k) => (
            <Button key={k} variant={kind === k ? 'primary' : 'secondary'} aria-pressed={kind === k} onClick={() => onSearch({ kind: k })}>
              {k === 'regular' ? t`Demandes classiques` : t`Service sécurité`}
            </Button>
          ))}
        </div>
      )}
      <Tabs current={filters.tab} labels={tabLabels} pendingCount={pendingCount} onChange={(tab) => onSearch({ tab })} />
      <div id="approvals-panel" role="tabpanel" aria-labelledby={`approvals-tab-${filters.tab}`} className="space-y-4">
        <Toolbar filters={filters} onSearch={onSearch} />
        {link ? (
          <List link={link} filters={filters} exclude={search.request} />
        ) : (
          <p>
            <Trans>Vous n’avez pas accès aux demandes d’approbation.</Trans>
          </p>
        )}
      </div>
    </div>
  );
}

function Tabs({
  current,
  labels,
  pendingCount,
  onChange,
}: {
  current: ApprovalTab;
  labels: Record<ApprovalTab, string>;
  pendingCount?: number;
  onChange: (tab: ApprovalTab) => void;
}) {
  const { t } = useLingui();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = APPROVAL_TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight'
        ? index + 1
        : event.key === 'ArrowLeft'
          ? index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? APPROVAL_TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = APPROVAL_TABS[(next + APPROVAL_TABS.length) % APPROVAL_TABS.length]!;
    onChange(tab);
    refs.current[tab]?.focus();
  };
  return (
    <div role="tablist" aria-label={t`Statut des demandes`} className="flex flex-wrap gap-1 border-b border-gray-200" onKeyDown={onKeyDown}>
      {APPROVAL_TABS.map((tab) => {
        const selected = tab === current;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`approvals-tab-${tab}`}
            aria-selected={selected}
            aria-controls="approvals-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={`-mb-px inline-flex min-h-11 items-center gap-2 border-b-4 px-4 font-semibold ${selected ? 'border-brand text-brand' : 'border-transparent text-gray-800 hover:bg-gray-100'}`}
          >
            {labels[tab]}
            {tab === 'pending' && pendingCount !== undefined && pendingCount > 0 && (
              <span className="rounded-full bg-gray-900 px-2 text-sm text-white tabular-nums">{pendingCount}</span>
            )}
          </button>
        );
      })}
    </div>
  );
}

/** The traveller-name search (sent 500 ms after the last key) and the order. */
function Toolbar({ filters, onSearch }: { filters: ApprovalListFilters; onSearch: (change: ApprovalsSearch) => void }) {
  const { t } = useLingui();
  const [text, setText] = useState(filters.q);
  const sent = useRef(filters.q);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text;
      onSearch({ q: text || undefined });
    }, 500);
    return () => window.clearTimeout(timer);
  }, [text, onSearch]);
  const sortLabels: Record<ApprovalSort, string> = {
    requestedAt: t`Date de la demande`,
    start: t`Date du voyage`,
    totalAmount: t`Montant`,
    timeLimit: t`Date limite`,
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <TextField
        type="search"
        className="min-w-60 flex-1"
        label={
          <span className="inline-flex items-center gap-1">
            <Search aria-hidden="true" size={16} />
            {t`Rechercher un voyageur`}
          </span>
        }
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={100}
      />
      <SelectField label={t`Trier par`} value={filters.sort} onChange={(event) => onSearch({ sort: event.target.value as ApprovalSort })}>
        {APPROVAL_SORTS.map((s) => (
          <option key={s} value={s}>
            {sortLabels[s]}
          </option>
        ))}
      </SelectField>
      <SelectField label={t`Ordre`} value={filters.order} onChange={(event) => onSearch({ order: event.target.value as 'asc' | 'desc' })}>
        <option value="desc">{t`Décroissant`}</option>
        <option value="asc">{t`Croissant`}</option>
      </SelectField>
    </div>
  );
}

function List({ link, filters, exclude }: { link: Link; filters: ApprovalListFilters; exclude?: string }) {
  const { t } = useLingui();
  const list = useInfiniteQuery(approvalListQuery(link, filters));
  if (list.isPending) return <ListLoading label={t`Chargement des demandes`} rowClass="h-40" testId="approval-placeholder" />;
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} />;
  const approvals = list.data.pages.flat().filter((a) => a.approvalID !== exclude);
  if (approvals.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-gray-300 p-8 text-center">
        <Inbox aria-hidden="true" size={32} className="text-gray-600" />
        <p className="font-semibold text-gray-900">{filters.q ? t`Aucune demande pour ce voyageur` : t`Aucune demande`}</p>
        <p className="text-gray-700">
          {filters.q
            ? t`Vérifiez l’orthographe du nom ou effacez la recherche.`
            : filters.tab === 'pending'
              ? t`Vous serez prévenu par e-mail quand une demande vous attendra.`
              : t`Les demandes auxquelles une réponse a été donnée apparaîtront ici.`}
        </p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t`Demandes`} className="space-y-4">
        {approvals.map((approval) => (
          <li key={approval.approvalID}>
            <ApprovalCard approval={approval} />
          </li>
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            <Trans>Voir plus</Trans>
          </Button>
        </div>
      ) : (
        list.data.pages.length > 1 && (
          <p className="text-center text-gray-700">
            <Trans>Il n’y a plus d’autre demande.</Trans>
          </p>
        )
      )}
    </>
  );
}

/** The request of the e-mail's link, above the list: scrolled into view and focused once read. */
function DeepLinked({ id }: { id: string }) {
  const { t } = useLingui();
  const approval = useQuery(approvalQuery(id));
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = Boolean(approval.data);
  useEffect(() => {
    if (!shown || !heading.current) return;
    heading.current.scrollIntoView?.({ block: 'start' });
    heading.current.focus();
  }, [shown]);
  if (approval.isPending)
    return <div role="status" aria-label={t`Chargement de la demande`} className="h-40 animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none" />;
  if (approval.isError)
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900">
        <Trans>Cette demande est introuvable ou ne vous est pas adressée.</Trans>
      </p>
    );
  return (
    <section aria-label={t`Demande ouverte depuis l’e-mail`}>
      <ApprovalCard ref={heading} approval={approval.data} highlighted />
    </section>
  );
}
