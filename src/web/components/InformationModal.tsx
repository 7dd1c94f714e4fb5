import { Trans, useLingui } from '@lingui/react/macro';
import type { ModalProps } from '../lib/modal';
import { Button } from './Button';
import { ModalTitle, useModalFrame } from './Modal';

/** A message with an OK button. */
export default function InformationModal({ title, message }: ModalProps['Information']) {
  const { i18n } = useLingui();
  const { close } = useModalFrame();
  const text = (value: NonNullable<typeof title>) => (typeof value === 'string' ? value : i18n._(value));
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>{title ? text(title) : <Trans>Information</Trans>}</ModalTitle>
      <p className="text-gray-800">{text(message)}</p>
      <Button autoFocus onClick={close} className="self-end">
        <Trans>Compris</Trans>
      </Button>
    </div>
  );
}
