import { useState } from 'react';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { apiCode } from '@contract/api-codes';
import { Button } from '@web/components/Button';
import { FormAlert } from '@web/components/Field';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { errorText } from '@web/lib/http';
import type { ModalProps } from '@web/lib/modal';
import { openModal } from '@web/lib/modal';
import { useMutation } from '@tanstack/react-query';
import { authMutations } from './api';

/** Activation failed (spec 3 §2): the server's message, and a new link on request. */
export default function AskTokenRenewalModal({ token, message, apiCode: code }: ModalProps['AskTokenRenewal']) {
  const { close } = useModalFrame();
  const regenerating = useMutation(authMutations.regenerate());
  const [error, setError] = useState<string>();
  const alreadyActive = code === apiCode.ALREADY_ACTIVATED;

  const renew = async () => {
    setError(undefined);
    try {
      await regenerating.mutateAsync(token);
      openModal('Information', {
        title: msg`Lien envoyé`,
        message: msg`Un nouveau lien vous a été envoyé. Ouvrez-le depuis votre messagerie pour activer votre compte.`,
      });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Activation du compte</Trans>
      </ModalTitle>
      <p className="text-gray-800">{message}</p>
      <FormAlert>{error}</FormAlert>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          <Trans>Fermer</Trans>
        </Button>
        {alreadyActive ? (
          <Button autoFocus onClick={() => openModal('Login')}>
            <Trans>Se connecter</Trans>
          </Button>
        ) : (
          <Button autoFocus busy={regenerating.isPending} onClick={() => void renew()}>
            <Trans>Recevoir un nouveau lien</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
