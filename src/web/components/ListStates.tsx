import { Trans } from '@lingui/react/macro';
import { errorText } from '../lib/http';
import { Button } from './Button';

/** A list's first load: five grey rows of `rowClass` (their height), announced as `label`. */
export function ListLoading({ label, rowClass, testId }: { label: string; rowClass: string; testId: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} data-testid={testId} className={`${rowClass} animate-pulse rounded-xl bg-gray-100 motion-reduce:animate-none`} />
      ))}
    </div>
  );
}

/** A list that could not load: why, and a way to ask again. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="space-y-2">
      <p role="alert">{errorText(error)}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans>Réessayer</Trans>
      </Button>
    </div>
  );
}
