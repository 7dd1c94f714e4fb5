import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ModalProps } from '../lib/modal';
import { Button } from './Button';
import { ModalTitle, useModalFrame } from './Modal';

/** A question with Cancel / Confirm; `onConfirm` may be async (the button shows it is working). */
export default function ConfirmModal({ title, message, confirmLabel, onConfirm }: ModalProps['Confirm']) {
  const { i18n } = useLingui();
  const { close } = useModalFrame();
  const [busy, setBusy] = useState(false);
  const text = (value: NonNullable<typeof title>) => (typeof value === 'string' ? value : i18n._(value));
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{title ? text(title) : <Trans>Confirmation</Trans>}</ModalTitle>
      <p className="text-gray-800">{text(message)}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" autoFocus onClick={close} disabled={busy}>
          <Trans>Annuler</Trans>
        </Button>
        <Button
          busy={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
              close();
            } finally {
              setBusy(false);
            }
          }}
        >
          {confirmLabel ? text(confirmLabel) : <Trans>Confirmer</Trans>}
        </Button>
      </div>
    </div>
  );
}
