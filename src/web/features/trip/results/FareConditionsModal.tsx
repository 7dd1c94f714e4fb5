import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Button } from '@web/components/Button';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import { Spinner } from '@web/components/Spinner';
import type { ModalProps } from '@web/lib/modal';
import { fareConditionsQuery } from './api';

/** The fare conditions of one offer (its fullfareConditions link). */
export default function FareConditionsModal({ link, offerName }: ModalProps['FareConditions']) {
  const { close } = useModalFrame();
  const query = useQuery(fareConditionsQuery(link));
  return (
    <div className="flex flex-col gap-4">
      <ModalTitle>
        <Trans>Conditions du tarif {offerName}</Trans>
      </ModalTitle>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 text-gray-700">
          <Spinner /> <Trans>Chargement des conditions…</Trans>
        </p>
      ) : query.data ? (
        <>
          <p className="whitespace-pre-line text-gray-800">{query.data.text}</p>
          <ul className="flex flex-col gap-1 text-gray-800">
            <li>{query.data.exchangeable ? <Trans>Échangeable</Trans> : <Trans>Non échangeable</Trans>}</li>
            <li>{query.data.refundable ? <Trans>Remboursable</Trans> : <Trans>Non remboursable</Trans>}</li>
          </ul>
        </>
      ) : (
        <p className="text-gray-800">
          <Trans>Les conditions de ce tarif sont indisponibles pour le moment.</Trans>
        </p>
      )}
      <Button autoFocus onClick={close} className="self-end">
        <Trans>Fermer</Trans>
      </Button>
    </div>
  );
}
