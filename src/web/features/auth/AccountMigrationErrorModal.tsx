import { Trans } from '@lingui/react/macro';
import { Button } from '@web/components/Button';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { useBranding } from '@web/lib/branding';

/** 422 / code 60 (spec 3 §8): the account can no longer be used on this site. */
export default function AccountMigrationErrorModal() {
  const { close } = useModalFrame();
  const supportEmail = useBranding()?.supportEmail;
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Compte non utilisable ici</Trans>
      </ModalTitle>
      <p className="text-gray-800">
        <Trans>Votre compte n’est plus utilisable sur ce site : vous avez été déconnecté.</Trans>
      </p>
      {supportEmail && (
        <p className="text-gray-800">
          <Trans>
            Pour plus d’informations, contactez le support de votre agence :{' '}
            <a className="text-brand underline" href={`mailto:${supportEmail}`}>
              {supportEmail}
            </a>
          </Trans>
        </p>
      )}
      <Button autoFocus onClick={close} className="self-end">
        <Trans>Compris</Trans>
      </Button>
    </div>
  );
}
