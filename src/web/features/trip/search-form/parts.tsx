import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import ArrowLeftRight from 'lucide-react/icons/arrow-left-right';
import ExternalLink from 'lucide-react/icons/external-link';
import Info from 'lucide-react/icons/info';

/** The external site of the "is this trip essential?" banner (spec 1 §1). */
const ESSENTIAL_TRIP_URL = 'https://impactco2.fr/outils/transport';

/** Spec 1 §1: above the trip form, whether the trip is essential, with a link to weigh its impact. */
export function EssentialTripBanner() {
  const { t } = useLingui();
  return (
    <div className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-950">
      <Info aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
      <p>
        {t`Ce déplacement est-il indispensable ?`}{' '}
        <a
          href={ESSENTIAL_TRIP_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 font-semibold underline underline-offset-2"
        >
          {t`Évaluez son impact`}
          <ExternalLink aria-hidden="true" size={16} />
          <span className="sr-only">{t`(nouvel onglet)`}</span>
        </a>
      </p>
    </div>
  );
}

/** Between the departure and the destination: swaps them (enableReverseLocation), else an empty cell of the grid. */
export function SwapPlaces({ enabled, onSwap }: { enabled: boolean; onSwap: () => void }) {
  const { t } = useLingui();
  if (!enabled) return <span aria-hidden="true" />;
  return (
    <button
      type="button"
      aria-label={t`Inverser le départ et la destination`}
      onClick={onSwap}
      className="flex size-11 items-center justify-center self-end rounded-full border border-gray-400 bg-white text-gray-800 hover:bg-gray-100 max-sm:justify-self-center sm:mb-0"
    >
      <ArrowLeftRight aria-hidden="true" size={20} />
    </button>
  );
}

/** The return's column: its fields (`children`) and a button that removes it, or the button that adds one. */
export function ReturnToggle({ hasReturn, onAdd, onRemove, children }: { hasReturn: boolean; onAdd: () => void; onRemove: () => void; children: ReactNode }) {
  const { t } = useLingui();
  if (!hasReturn)
    return (
      <button
        type="button"
        className="min-h-11 rounded-lg border border-dashed border-gray-400 px-4 font-medium text-gray-900 hover:bg-gray-50 sm:mt-11 sm:w-full"
        onClick={onAdd}
      >
        {t`Ajouter un retour`}
      </button>
    );
  return (
    <>
      {children}
      <button type="button" className="mt-1 min-h-11 font-medium text-brand underline underline-offset-2" onClick={onRemove}>
        {t`Retirer le retour`}
      </button>
    </>
  );
}

/** For users with hasOpenJawSearchEnabled: whether the return leaves from or goes to other places, and those places (`children`). */
export function OpenJawToggle({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-3">
        <input type="checkbox" className="size-6 accent-[var(--brand)]" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {t`Retour depuis ou vers un autre lieu`}
      </label>
      {checked && <div className="grid gap-3 sm:grid-cols-2">{children}</div>}
    </div>
  );
}
