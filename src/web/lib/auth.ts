import { ACCOUNT_MIGRATED_CODE } from '@contract/toast-codes';
import { onlineManager } from '@tanstack/react-query';
import { ApiError } from './http';
import { meQuery } from './me';
import { queryClient } from './query';
import { TEXTS } from './messages';
import { openModal } from './modal';
import { clearSession, useSession } from './session';
import { SESSION_TOAST_MS, toast } from './toast';

/**
 * Start-up (spec 3 §2): with a stored token, load the current user. A refused token ends the session
 * with the usual notice, without leaving the page the visitor opened (e.g. a reset-password link).
 */
export async function restoreSession(): Promise<void> {
  if (!useSession.getState().token) return;
  // The offline copies of the user's data come back first (lib/offline-cache.ts): offline, they are all there is.
  await import('./offline-cache').then((m) => m.startOfflineCache()).catch(() => undefined);
  if (!onlineManager.isOnline()) {
    // Offline: the stored user (if a copy was kept) stands until the network is back, then is checked.
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) return;
      unsubscribe();
      void restoreSession();
    });
    return;
  }
  try {
    // Always asked (a kept copy is no proof the session still works).
    await queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });
  } catch (error) {
    if (!(error instanceof ApiError)) return;
    if (error.status === 401) {
      clearSession();
      toast.warning(TEXTS.SESSION_EXPIRED, { duration: SESSION_TOAST_MS });
    } else if (error.status === 422 && error.api_code === ACCOUNT_MIGRATED_CODE) {
      clearSession();
      openModal('AccountMigrationError');
    }
    // Anything else (network, server down): signed out for now, the token stays for a reload.
  }
}
