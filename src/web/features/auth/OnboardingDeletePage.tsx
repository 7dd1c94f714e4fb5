import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import Trash2 from 'lucide-react/icons/trash-2';
import { Button, buttonClass } from '@web/components/Button';
import { FormAlert } from '@web/components/Field';
import { errorText } from '@web/lib/http';
import { navigateTo } from '@web/lib/navigation';
import { toast } from '@web/lib/toast';
import { onboardingMutations } from './api';
import { ONBOARDING_TOAST_MS } from './OnboardingPage';

/**
 * /user/onboarding/delete?token=&username= (spec 3 §2, §7): the person does not want the account.
 * One click deletes the data (DELETE /user/onboarding/data) — not the visit itself, so that a mail
 * scanner opening the link deletes nothing — then INFOS_DELETED for 8 s and home.
 */
export function OnboardingDeletePage({ token, username }: { token?: string; username?: string }) {
  const { t } = useLingui();
  const [alert, setAlert] = useState<string>();
  const deleting = useMutation(onboardingMutations.deleteData());
  const complete = Boolean(token && username);

  const remove = () => {
    if (!token || !username) return;
    setAlert(undefined);
    deleting.mutate(
      { token, username },
      {
        onSuccess: () => {
          toast.success(t`Vos informations ont été supprimées`, { duration: ONBOARDING_TOAST_MS });
          navigateTo('/');
        },
        onError: (error) => setAlert(errorText(error)),
      },
    );
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">
        <Trans>Supprimer mes données</Trans>
      </h1>
      {complete ? (
        <>
          <p className="text-gray-800">
            <Trans>
              Vous ne souhaitez pas de compte ({username}) : les informations que nous détenons sur vous (date de naissance, téléphone, civilité, adresse)
              seront effacées, et un compte jamais utilisé supprimé. C’est définitif.
            </Trans>
          </p>
          <FormAlert>{alert}</FormAlert>
          <div className="flex flex-wrap gap-2">
            <Button onClick={remove} busy={deleting.isPending}>
              <Trash2 aria-hidden="true" size={18} />
              <Trans>Supprimer mes données</Trans>
            </Button>
            <Link to="/" className={buttonClass.secondary}>
              <Trans>Annuler</Trans>
            </Link>
          </div>
        </>
      ) : (
        <p role="alert" className="text-gray-800">
          <Trans>Ce lien est incomplet : ouvrez-le à nouveau depuis l’e-mail reçu.</Trans>
        </p>
      )}
    </div>
  );
}
