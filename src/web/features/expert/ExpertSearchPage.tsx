import { Trans } from '@lingui/react/macro';
import { ExpertSearchForm } from './ExpertSearchForm';
import type { ExpertUrl } from './url';

/** The expert search's page (spec 1 §2 "Expert search"): its heading and the form, filled with `initial` when Back returns to it. */
export function ExpertSearchPage({ initial }: { initial?: ExpertUrl }) {
  return (
    <div className="flex-1 bg-gray-50">
      <section aria-labelledby="expert-title" className="bg-brand text-brand-contrast">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 md:pt-14">
          <h1 id="expert-title" className="text-3xl font-bold md:text-4xl">
            <Trans>Recherche experte</Trans>
          </h1>
          <p className="mt-2 max-w-2xl text-lg">
            <Trans>Jusqu’à trois vols, chacun avec sa date : choisissez-les un par un, puis réservez l’itinéraire en une fois.</Trans>
          </p>
        </div>
      </section>
      <div className="mx-auto -mt-2 max-w-7xl px-4 pb-10">
        <ExpertSearchForm initial={initial} />
      </div>
    </div>
  );
}
