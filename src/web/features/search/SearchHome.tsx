import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';

/**
 * Home (spec 1 §2): the question, then the search form with its side panel (the route passes the
 * trip form, loaded on demand; until it arrives its skeleton holds the place).
 */
export function SearchHome({ children }: { children?: ReactNode }) {
  return (
    <div className="flex-1 bg-gray-50">
      <section aria-labelledby="search-title" className="bg-brand text-brand-contrast">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 md:pt-14">
          <h1 id="search-title" className="text-3xl font-bold md:text-4xl">
            <Trans>Que souhaitez-vous réserver ?</Trans>
          </h1>
          <p className="mt-2 max-w-2xl text-lg">
            <Trans>Train, avion, hôtel et location de voiture pour vos déplacements professionnels.</Trans>
          </p>
        </div>
      </section>
      <div className="mx-auto -mt-2 max-w-7xl px-4 pb-10">{children}</div>
    </div>
  );
}
