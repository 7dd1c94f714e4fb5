import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './Button';

/** An item's removal asked in place (a card, a document): the question, Cancel, and the confirmation, busy while it runs. */
export function ConfirmRemoval({
  label,
  question,
  busy,
  onCancel,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2">
      <p className="text-gray-900">{question}</p>
      <Button variant="secondary" onClick={onCancel}>
        <Trans>Annuler</Trans>
      </Button>
      <Button busy={busy} onClick={onConfirm}>
        <Trans>Confirmer la suppression</Trans>
      </Button>
    </div>
  );
}
