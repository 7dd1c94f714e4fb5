import { useId, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '@web/components/Button';
import { ModalTitle, useModalFrame } from '@web/components/Modal';
import type { ModalProps } from '@web/lib/modal';

/** Seat wishes for the chosen trips (spec 3 modal host "PlacementWishes"): one radio group per placement. */
export default function PlacementWishesModal({ placement, wishes, onConfirm }: ModalProps['PlacementWishes']) {
  const { close } = useModalFrame();
  const idBase = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(placement.map((p) => [p.name, wishes[p.name] ?? p.options[0]?.value ?? ''])),
  );
  // The first option is "no preference": only the other choices are wishes.
  const confirm = () => {
    onConfirm(
      Object.fromEntries(
        placement.flatMap((p) => {
          const value = values[p.name];
          return value && value !== p.options[0]?.value ? [[p.name, value]] : [];
        }),
      ),
    );
    close();
  };
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <ModalTitle>
        <Trans>Préférences de placement</Trans>
      </ModalTitle>
      <p className="text-gray-700">
        <Trans>Vos préférences sont transmises au transporteur, qui les satisfait selon les places disponibles.</Trans>
      </p>
      {placement.map((p, i) => (
        <fieldset key={p.name}>
          <legend className="mb-1 font-medium text-gray-900">{p.label}</legend>
          <div className="flex flex-wrap gap-x-4">
            {p.options.map((o) => (
              <label key={o.value} className="flex min-h-11 items-center gap-2 text-gray-900">
                <input
                  type="radio"
                  name={`${idBase}-${p.name}`}
                  value={o.value}
                  checked={values[p.name] === o.value}
                  onChange={() => setValues((v) => ({ ...v, [p.name]: o.value }))}
                  autoFocus={i === 0 && values[p.name] === o.value}
                  className="size-5 accent-[var(--brand)]"
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close}>
          <Trans>Annuler</Trans>
        </Button>
        <Button type="submit">
          <Trans>Confirmer</Trans>
        </Button>
      </div>
    </form>
  );
}
