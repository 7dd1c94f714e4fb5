import { TEXTS } from './messages';
import { toast } from './toast';

/** Service-worker re-check interval (spec 3 §9). */
const UPDATE_CHECK_MS = 180_000;

/**
 * Registers /sw.js (production builds only) and offers the update when a new version waits
 * (spec 3 §1: UPDATE_AVAILABLE with a TRIGGER_UPDATE button).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    onNeedRefresh() {
      toast.info(TEXTS.UPDATE_AVAILABLE, {
        duration: null,
        action: { label: TEXTS.TRIGGER_UPDATE, run: () => void updateSW(true) },
      });
    },
    onRegisteredSW(_swUrl, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}
