import type { ComponentProps } from 'react';
import { Suspense, lazy } from 'react';
import { PanelSpinner } from '../Spinner';
import { loadCatalog } from '@web/lib/i18n';

/**
 * The passengers panel's code and texts (locales/<lang>/passengers.po): loaded when a form is first used
 * or the panel first opened, not with the home's first screen. The labels the forms show are in ./labels.
 */
export const loadPassengersPanel = () =>
  Promise.all([
    import('./PassengersPanel'),
    loadCatalog({
      fr: () => import('@locales/fr/passengers.po'),
      en: () => import('@locales/en/passengers.po'),
    }),
  ]).then(([m]) => m);

const Panel = lazy(() => loadPassengersPanel().then((m) => ({ default: m.PassengersPanel })));

/** The passengers panel of the search forms' side panel, a spinner while its code comes. */
export function PassengersPanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<PanelSpinner />}>
      <Panel {...props} />
    </Suspense>
  );
}
