import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { buttonClass } from './Button';

/** Not-found page: says so and offers the way back home. */
export function NotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Page introuvable</Trans>
      </h1>
      <p className="text-gray-700">
        <Trans>Cette page n’existe pas ou n’est plus disponible.</Trans>
      </p>
      <Link to="/" className={buttonClass.primary}>
        <Trans>Retour à l’accueil</Trans>
      </Link>
    </div>
  );
}
