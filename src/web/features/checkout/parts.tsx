import { useEffect, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Link } from '@contract/link';
import type { Travel } from '@contract/travel';
import { linkQueryOptions } from '@web/lib/follow';
import { Trans, useLingui } from '@lingui/react/macro';

/** What the checkout screen gives a form step: the travel, the step's link, and what to do after. */
export type StepProps = {
  travel: Travel;
  link: Link;
  onReload: () => void;
  onUnavailable: () => void;
};

/** A form step's data, read through its link; a form that cannot be read sends the user back (onUnavailable). */
export function useStepForm<R extends 'getAllAnalytics' | 'getMissionOrders'>(rel: R, link: Link, onUnavailable: () => void) {
  const query = useQuery(linkQueryOptions(rel, link));
  useEffect(() => {
    if (query.isError) onUnavailable();
  }, [query.isError, onUnavailable]);
  return query.data;
}

/** Placeholder blocks shaped like a form while its fields load (UI.md: skeletons shaped like what is coming). */
export function FormSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Chargement…`} className="flex animate-pulse flex-col gap-4 motion-reduce:animate-none">
      <div className="h-7 w-1/2 rounded bg-gray-200" />
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex flex-col gap-2">
          <div className="h-4 w-1/3 rounded bg-gray-200" />
          <div className="h-11 rounded-lg bg-gray-100" />
        </div>
      ))}
    </div>
  );
}

export function RequiredNote() {
  return (
    <p className="mt-1 text-sm text-gray-700">
      <Trans>Les champs marqués d’un astérisque (*) sont obligatoires.</Trans>
    </p>
  );
}

/** Why the travel is outside the policy, the policy itself, and the reason field. */
export function PolicyExemption({ policy, reasons, field }: { policy: string | null; reasons: string[]; field: ReactNode }) {
  return (
    <section aria-labelledby="policy-title" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h3 id="policy-title" className="font-semibold text-gray-900">
        <Trans>Ce voyage ne respecte pas la politique voyage</Trans>
      </h3>
      {reasons.length > 0 && (
        <ul className="list-disc pl-5 text-gray-800">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      {policy && (
        <details className="text-gray-800">
          <summary className="min-h-11 cursor-pointer font-medium text-brand">
            <Trans>Lire la politique voyage</Trans>
          </summary>
          <p className="mt-2 whitespace-pre-line">{policy}</p>
        </details>
      )}
      {field}
    </section>
  );
}
