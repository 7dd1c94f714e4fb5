import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import WifiOff from 'lucide-react/icons/wifi-off';
import { formatDeadline } from '../lib/format';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (`navigator.onLine`, its online/offline events). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/**
 * Offline, what a screen shows comes from its offline copy (lib/offline-cache.ts): this says so, with
 * the time it was read (the query's `dataUpdatedAt`) on the reader's clock, zone named. A live region,
 * so going offline (or back) is announced.
 */
export function OfflineNotice({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  // Only offline: the zone's name costs the first date formatter of the page, which an online page can do without.
  const when = !online && updatedAt ? formatDeadline(new Date(updatedAt).toISOString()) : null;
  return (
    <div role="status" aria-live="polite">
      {when && (
        <p className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-950">
          <WifiOff aria-hidden="true" size={18} className="shrink-0" />
          <Trans>Hors ligne — données du {when}</Trans>
        </p>
      )}
    </div>
  );
}
