import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Button, buttonClass } from '@web/components/Button';
import { openModal, preloadModal } from '@web/lib/modal';
import { useUser } from '@web/lib/me';

/** /form: where activation lands (spec 3 §2); the next step is to sign in. */
export function ActivatedPage() {
  const user = useUser();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <CircleCheck aria-hidden="true" size={48} className="text-green-700" />
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Compte activé</Trans>
      </h1>
      {user ? (
        <>
          <p className="text-gray-800">
            <Trans>Votre compte est prêt : vous pouvez réserver vos déplacements.</Trans>
          </p>
          <Link to="/" className={buttonClass.primary}>
            <Trans>Réserver un voyage</Trans>
          </Link>
        </>
      ) : (
        <>
          <p className="text-gray-800">
            <Trans>Votre adresse e-mail est confirmée. Connectez-vous avec votre nom d’utilisateur et votre mot de passe pour réserver vos déplacements.</Trans>
          </p>
          <Button onPointerEnter={() => preloadModal('Login')} onClick={() => openModal('Login')}>
            <Trans>Se connecter</Trans>
          </Button>
        </>
      )}
    </div>
  );
}
