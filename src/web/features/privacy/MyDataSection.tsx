import { Link as RouterLink } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Trash2 from 'lucide-react/icons/trash-2';
import UserX from 'lucide-react/icons/user-x';
import { Button } from '@web/components/Button';
import { useUser } from '@web/lib/me';
import { openModal } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { privacyMutations } from './api';

/**
 * "Mes données" on /account/informations (spec 3 §4 "Account deletion"): delete the
 * optional data, or the whole account, each after its own confirmation, through the user's links.
 */
export function MyDataSection() {
  const { t } = useLingui();
  const user = useUser();
  const deleting = useMutation(privacyMutations.deleteOptionalData());
  if (!user) return null;
  const { deleteOptionalData, deleteAccount, privacyPolicy } = user.links;

  const confirmOptionalData = () => {
    if (!deleteOptionalData) return;
    openModal('Confirm', {
      title: t`Supprimer vos données facultatives ?`,
      message: t`Votre téléphone, votre date et votre lieu de naissance, votre adresse, vos besoins d’accessibilité, vos cartes et vos pièces d’identité seront effacés. Votre compte et vos voyages restent. C’est définitif.`,
      confirmLabel: t`Supprimer mes données facultatives`,
      onConfirm: async () => {
        try {
          await deleting.mutateAsync({ link: deleteOptionalData });
        } catch {
          // The http client said why (a toast); nothing was deleted.
          return;
        }
        toast.success(t`Données supprimées`);
      },
    });
  };

  return (
    <section aria-labelledby="my-data-title" className="rounded-xl border border-gray-200 bg-white p-5">
      <h2 id="my-data-title" className="mb-2 flex items-center gap-2 text-lg font-semibold text-gray-900">
        <ShieldCheck aria-hidden="true" size={20} />
        <Trans>Mes données</Trans>
      </h2>
      {privacyPolicy && (
        <p className="text-gray-800">
          <Trans>
            Ce que nous gardons et pourquoi :{' '}
            <RouterLink to="/account/privacy-policy" className="font-medium text-brand underline">
              politique de confidentialité
            </RouterLink>
            .
          </Trans>
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {deleteOptionalData && (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-gray-200 p-4">
            <h3 className="font-semibold text-gray-900">
              <Trans>Données facultatives</Trans>
            </h3>
            <p className="text-sm text-gray-800">
              <Trans>Téléphone, naissance, adresse, accessibilité, cartes et pièces d’identité : effacez-les sans fermer votre compte.</Trans>
            </p>
            <Button variant="secondary" onClick={confirmOptionalData} busy={deleting.isPending}>
              <Trash2 aria-hidden="true" size={18} />
              <Trans>Supprimer mes données facultatives</Trans>
            </Button>
          </div>
        )}
        <div className="flex flex-col items-start gap-3 rounded-lg border border-gray-200 p-4">
          <h3 className="font-semibold text-gray-900">
            <Trans>Mon compte</Trans>
          </h3>
          {deleteAccount ? (
            <>
              <p className="text-sm text-gray-800">
                <Trans>
                  Votre compte et vos données personnelles sont effacés ; les voyages réservés et leurs factures sont conservés 3 ans, détachés de votre compte,
                  comme la loi l’exige.
                </Trans>
              </p>
              <Button variant="secondary" className="text-red-800" onClick={() => openModal('DeleteAccount', { link: deleteAccount })}>
                <UserX aria-hidden="true" size={18} />
                <Trans>Supprimer mon compte</Trans>
              </Button>
            </>
          ) : (
            <p className="text-sm text-gray-800">
              <Trans>Votre compte est géré par la connexion de votre entreprise : demandez sa suppression à votre gestionnaire de voyages.</Trans>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
