import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ExpiringOption } from '@contract/agency-queue';
import { personName } from '@contract/person-name';
import { Button } from '@web/components/Button';
import { formatPrice } from '@web/lib/format';
import { openModal } from '@web/lib/modal';
import { toast } from '@web/lib/toast';
import { confirmOptionMutation, releaseOptionsMutation } from './api';
import { Deadline, ItemHeading, ProductList } from './parts';

type Props = { item: ExpiringOption; onDone: () => void };

/**
 * Options a traveller holds whose deadline is near: the agent books them (confirmHeldOption) or gives
 * them back (releaseHeldOptions, after a confirmation: it cannot be undone), on the version of the
 * travel the queue showed (If-Match). The traveller is e-mailed either way.
 */
export function OptionItem({ item, onDone }: Props) {
  const { t } = useLingui();
  const confirming = useMutation(confirmOptionMutation());
  const releasing = useMutation(releaseOptionsMutation());
  const titleId = `option-${item.travelId}`;
  const travellers = item.travellers.map(personName).join(', ');
  const total = formatPrice(item.products.reduce((sum, p) => sum + p.price, 0));
  const busy = confirming.isPending || releasing.isPending;
  const { confirmHeldOption, releaseHeldOptions } = item.links;

  const confirm = () => {
    if (!confirmHeldOption) return;
    confirming.mutate(
      { link: confirmHeldOption, version: item.version },
      {
        onSuccess: () => {
          toast.success(t`Réservation confirmée : ${travellers} est prévenu par e-mail.`);
          onDone();
        },
      },
    );
  };
  const release = () => {
    if (!releaseHeldOptions) return;
    openModal('Confirm', {
      title: t`Libérer l’option ?`,
      message: t`Les places de ${travellers} seront rendues au fournisseur et le voyage retiré. Le voyageur est prévenu par e-mail. C’est définitif.`,
      confirmLabel: t`Libérer l’option`,
      onConfirm: async () => {
        try {
          await releasing.mutateAsync({ link: releaseHeldOptions, version: item.version });
        } catch {
          // The http client said why (a toast); the queue is read again.
          return;
        }
        toast.success(t`Option libérée : ${travellers} est prévenu par e-mail.`);
        onDone();
      },
    });
  };

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <ItemHeading id={titleId} travellers={item.travellers} company={item.company} />
      <Deadline iso={item.deadline} />
      <ProductList products={item.products} />
      <p className="text-sm text-gray-800">
        <Trans>
          Total : <strong className="tabular-nums">{total}</strong>
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {confirmHeldOption && (
          <Button onClick={confirm} busy={confirming.isPending} disabled={busy}>
            <Trans>Confirmer la réservation</Trans>
          </Button>
        )}
        {releaseHeldOptions && (
          <Button variant="secondary" onClick={release} busy={releasing.isPending} disabled={busy}>
            <Trans>Libérer l’option</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}
