import { useLingui } from '@lingui/react/macro';
import { Spinner } from './Spinner';

/** Shown at start-up while the stored session is being checked (spec 3 §2). */
export function LoadingScreen() {
  const { t } = useLingui();
  return (
    <div className="flex min-h-screen items-center justify-center" role="status">
      <Spinner size={40} className="text-brand" />
      <span className="sr-only">{t`Chargement…`}</span>
    </div>
  );
}
