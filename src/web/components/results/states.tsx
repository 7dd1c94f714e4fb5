import type { ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import Lightbulb from 'lucide-react/icons/lightbulb';
import { Button } from '../Button';
import { Spinner } from '../Spinner';
import { openModal, preloadModal } from '@web/lib/modal';

/**
 * A results screen while its search runs (spec 1 §2): what is searched, a fact to read meanwhile, and
 * the list's outline (`row`: a result's height, so that the results take the outline's place).
 */
export function SearchingState({ title, fact, row }: { title: ReactNode; fact?: MessageDescriptor; row: 'h-24' | 'h-28' }) {
  const { i18n } = useLingui();
  return (
    <div role="status" className="flex flex-col items-center gap-4 rounded-xl border border-gray-200 bg-white p-8 text-center">
      <Spinner size={32} />
      <p className="text-lg font-semibold text-gray-900">{title}</p>
      {fact && (
        <div className="max-w-xl text-gray-700">
          <p className="flex items-center justify-center gap-2 font-semibold">
            <Lightbulb aria-hidden="true" size={18} />
            <Trans>Le saviez-vous ?</Trans>
          </p>
          <p>{i18n._(fact)}</p>
        </div>
      )}
      <ul aria-hidden="true" className="flex w-full flex-col gap-3">
        {[0, 1, 2, 3, 4].map((i) => (
          <li key={i} className={`${row} animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none`} />
        ))}
      </ul>
    </div>
  );
}

/** What a results screen shows while the code of a step (the search form, the traveller step) comes. */
export function StepSpinner() {
  return (
    <div className="flex justify-center p-8 text-brand">
      <Spinner size={32} />
    </div>
  );
}

/** A traveller step's invitation to sign in: a visitor sees the step, and signs in to add to the cart. */
export function SignInToContinue({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-brand bg-white p-4">
      <p className="font-medium text-gray-900">{children ?? <Trans>Connectez-vous pour continuer</Trans>}</p>
      <Button onPointerEnter={() => preloadModal('Login')} onClick={() => openModal('Login')}>
        <Trans>Se connecter</Trans>
      </Button>
    </div>
  );
}
