import type { ReactNode } from 'react';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import CircleCheck from 'lucide-react/icons/circle-check';
import type { Link } from '@contract/link';
import { ListError, ListLoading } from '@web/components/ListStates';
import { agencyQueueQuery } from './api';
import { CancellationItem } from './CancellationItem';
import { FailedBookingItem } from './FailedBookingItem';
import { OptionItem } from './OptionItem';

/**
 * The agency work queue (`/agency/queue`), for the agency's staff: offline cancellations to
 * answer, failed bookings to follow up, options whose deadline is near — each section with its count,
 * the most urgent first, each item with the actions its links allow.
 */
export function AgencyQueuePage({ link }: { link: Link }) {
  const { t } = useLingui();
  const queue = useQuery(agencyQueueQuery(link));
  /** An item done leaves its section: focus goes to the section's heading, so the keyboard does not fall back to the page's top. */
  const focusSection = (id: string) => () => requestAnimationFrame(() => document.getElementById(id)?.focus());

  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold text-gray-900">
          <Trans>File de l’agence</Trans>
        </h1>
        <p className="text-gray-800">
          <Trans>Ce que votre agence doit traiter pour ses voyageurs, le plus urgent d’abord.</Trans>
        </p>
      </div>
      {queue.isPending ? (
        <ListLoading label={t`Chargement de la file`} rowClass="h-40" testId="queue-placeholder" />
      ) : queue.isError ? (
        <ListError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <>
          <Section
            headingId="queue-cancellations"
            title={t`Annulations hors ligne à traiter`}
            shown={queue.data.pendingCancellations.items.length}
            total={queue.data.pendingCancellations.total}
            empty={t`Aucune annulation n’attend votre agence. Les demandes que les voyageurs ne peuvent pas faire en ligne arrivent ici.`}
          >
            {queue.data.pendingCancellations.items.map((item) => (
              <li key={item.taskId}>
                <CancellationItem item={item} onDone={focusSection('queue-cancellations')} />
              </li>
            ))}
          </Section>
          <Section
            headingId="queue-failures"
            title={t`Réservations en échec`}
            shown={queue.data.failedBookings.items.length}
            total={queue.data.failedBookings.total}
            empty={t`Aucune réservation en échec. Un voyage approuvé que le fournisseur refuse de réserver arrive ici.`}
          >
            {queue.data.failedBookings.items.map((item) => (
              <li key={item.taskId}>
                <FailedBookingItem item={item} onDone={focusSection('queue-failures')} />
              </li>
            ))}
          </Section>
          <Section
            headingId="queue-options"
            title={t`Options qui expirent bientôt`}
            shown={queue.data.expiringOptions.items.length}
            total={queue.data.expiringOptions.total}
            hint={t`Options dont la date limite tombe dans les ${queue.data.horizonHours} prochaines heures.`}
            empty={t`Aucune option n’expire dans les ${queue.data.horizonHours} prochaines heures.`}
          >
            {queue.data.expiringOptions.items.map((item) => (
              <li key={item.travelId}>
                <OptionItem item={item} onDone={focusSection('queue-options')} />
              </li>
            ))}
          </Section>
        </>
      )}
    </div>
  );
}

type SectionProps = { headingId: string; title: string; shown: number; total: number; hint?: string; empty: string; children: ReactNode };

/** A section of the queue: its heading with its count, its items, or why it is empty. */
function Section({ headingId, title, shown, total, hint, empty, children }: SectionProps) {
  const { t } = useLingui();
  const hintId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2
        id={headingId}
        tabIndex={-1}
        className="flex items-center gap-2 text-xl font-bold text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
      >
        {title}
        <span className="rounded-full bg-gray-900 px-2 text-sm text-white tabular-nums">
          {total}
          <span className="sr-only"> {t`à traiter`}</span>
        </span>
      </h2>
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {total === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-dashed border-gray-300 p-6 text-gray-800">
          <CircleCheck aria-hidden="true" size={20} className="shrink-0 text-green-700" />
          {empty}
        </p>
      ) : (
        <>
          {shown < total && (
            <p className="text-sm text-gray-800">
              <Trans>
                Les {shown} plus urgentes sur {total} sont affichées : traitez-les pour voir les suivantes.
              </Trans>
            </p>
          )}
          <ul aria-labelledby={headingId} className="space-y-4">
            {children}
          </ul>
        </>
      )}
    </section>
  );
}
