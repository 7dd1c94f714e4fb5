import type { OnboardingStart } from '@contract/privacy';

/**
 * The onboarding the activation starts (spec 3 §2): POST /user/confirm answers its token,
 * kept here for /form (a reload keeps it; the tab closing ends it). The e-mailed /user/onboarding link
 * carries its own in the address: opening it clears this one.
 */
const KEY = 'escale:onboarding';

export function storeOnboarding(start: OnboardingStart) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(start));
  } catch {
    // No storage: /form shows the activation's next step without the onboarding.
  }
}

export function readOnboarding(): OnboardingStart | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<OnboardingStart>) : null;
    return value && typeof value.token === 'string' && typeof value.username === 'string'
      ? {
          token: value.token,
          username: value.username,
          firstname: value.firstname ?? '',
          lastname: value.lastname ?? '',
          email: value.email ?? '',
          sso: value.sso === true,
        }
      : null;
  } catch {
    return null;
  }
}

export function clearOnboarding() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was stored.
  }
}
