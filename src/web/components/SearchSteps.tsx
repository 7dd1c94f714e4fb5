import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import BadgeCheck from 'lucide-react/icons/badge-check';
import Leaf from 'lucide-react/icons/leaf';
import Scale from 'lucide-react/icons/scale';

function Step({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand text-brand-contrast">{icon}</span>
      <div>
        <h3 className="font-semibold text-gray-900">{title}</h3>
        <p className="text-gray-700">{children}</p>
      </div>
    </li>
  );
}

/** The three-step explainer (spec 1 §2): the search side panel's default content. */
export function SearchSteps() {
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title" className="sr-only">
        <Trans>Comment ça marche</Trans>
      </h2>
      <ol className="space-y-5">
        <Step icon={<Scale aria-hidden="true" size={22} />} title={<Trans>Comparez et réservez</Trans>}>
          <Trans>Toutes les offres de train, d’avion, d’hôtel et de voiture au même endroit, dans le respect de votre politique voyage.</Trans>
        </Step>
        <Step icon={<BadgeCheck aria-hidden="true" size={22} />} title={<Trans>Payé et approuvé</Trans>}>
          <Trans>Votre entreprise règle la réservation ; si elle le demande, votre responsable l’approuve en un clic.</Trans>
        </Step>
        <Step icon={<Leaf aria-hidden="true" size={22} />} title={<Trans>Préservez l'environnement</Trans>}>
          <Trans>Les émissions de CO2 de chaque trajet sont affichées pour vous aider à choisir le plus sobre.</Trans>
        </Step>
      </ol>
    </section>
  );
}
