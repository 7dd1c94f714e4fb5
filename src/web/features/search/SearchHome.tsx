import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Leaf from 'lucide-react/icons/leaf';
import Scale from 'lucide-react/icons/scale';

function Step({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand text-brand-contrast">{icon}</span>
      <div>
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <p className="text-gray-700">{children}</p>
      </div>
    </li>
  );
}

/**
 * Home (spec 3 §2): the search area and the three-step explainer. The search forms (rail, flight,
 * hotel, car) arrive with their own features and take the place marked below.
 */
export function SearchHome() {
  return (
    <div className="flex-1 bg-gray-50">
      <section aria-labelledby="search-title" className="bg-brand text-brand-contrast">
        <div className="mx-auto max-w-7xl px-4 py-12 md:py-16">
          <h1 id="search-title" className="text-3xl font-bold md:text-4xl">
            <Trans>Que souhaitez-vous réserver ?</Trans>
          </h1>
          <p className="mt-2 max-w-2xl text-lg">
            <Trans>Train, avion, hôtel et location de voiture pour vos déplacements professionnels.</Trans>
          </p>
          {/* Search forms: later issues. */}
        </div>
      </section>
      <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="steps-title" className="sr-only">
          <Trans>Comment ça marche</Trans>
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          <Step icon={<Scale aria-hidden="true" size={24} />} title={<Trans>Comparez et réservez</Trans>}>
            <Trans>Toutes les offres de train, d’avion, d’hôtel et de voiture au même endroit, dans le respect de votre politique voyage.</Trans>
          </Step>
          <Step icon={<BadgeCheck aria-hidden="true" size={24} />} title={<Trans>Payé et approuvé</Trans>}>
            <Trans>Votre entreprise règle la réservation ; si elle le demande, votre responsable l’approuve en un clic.</Trans>
          </Step>
          <Step icon={<Leaf aria-hidden="true" size={24} />} title={<Trans>Préservez l'environnement</Trans>}>
            <Trans>Les émissions de CO2 de chaque trajet sont affichées pour vous aider à choisir le plus sobre.</Trans>
          </Step>
        </ol>
      </section>
    </div>
  );
}
