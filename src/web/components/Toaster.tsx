import { Suspense, lazy } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useToasterWanted } from '../lib/toast';

const Sonner = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

const item = 'pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-3 pr-10 shadow-lg';

/**
 * The app's toasts (lib/toast.tsx) through sonner, in a polite live region. Loaded on the first
 * toast, so the first screen does not pay for it; hovering or focusing a toast holds it (WCAG 2.2.1).
 */
export function Toaster() {
  const { t } = useLingui();
  const wanted = useToasterWanted((s) => s.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner
        customAriaLabel={t`Notifications`}
        position="top-right"
        visibleToasts={5}
        closeButton
        toastOptions={{
          unstyled: true,
          closeButtonAriaLabel: t`Fermer la notification`,
          classNames: {
            toast: item,
            success: 'border-green-700 bg-green-50 text-green-900',
            info: 'border-brand bg-white text-gray-900',
            warning: 'border-amber-600 bg-amber-50 text-amber-950',
            error: 'border-red-700 bg-red-50 text-red-900',
            content: 'min-w-0 flex-1',
            icon: 'mt-0.5 shrink-0',
            closeButton: 'absolute top-1 right-1 flex size-11 items-center justify-center rounded-full hover:bg-black/5',
            actionButton: 'mt-2 inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong',
          },
        }}
      />
    </Suspense>
  );
}
