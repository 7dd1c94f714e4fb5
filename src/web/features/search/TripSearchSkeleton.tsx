import { Trans } from '@lingui/react/macro';
import { SearchSteps } from '@web/components/SearchSteps';

const bar = 'h-11 rounded-lg bg-gray-100';

/** What the home shows (and the prerender paints) while the trip form's code loads: its shape and the explainer. */
export function TripSearchSkeleton() {
  return (
    <div className="grid gap-6 min-[760px]:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm" aria-busy="true">
        <p className="sr-only">
          <Trans>Chargement du formulaire de recherche…</Trans>
        </p>
        <div aria-hidden="true" className="space-y-5">
          <div className="h-16 rounded-lg bg-gray-50" />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className={bar} />
            <div className={bar} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className={bar} />
            <div className={bar} />
          </div>
          <div className={bar} />
          <div className="h-11 w-40 rounded-lg bg-gray-200" />
        </div>
      </div>
      <aside className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <SearchSteps />
      </aside>
    </div>
  );
}
