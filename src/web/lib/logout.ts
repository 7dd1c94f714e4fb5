import { mutationOptions } from '@tanstack/react-query';
import { navigateTo } from './navigation';
import { clearSession, currentUser } from './session';

/** Logout (spec 3 §4): tell the server (the user's `logout` link), forget everything but the branding, go home or to its redirect. */
async function logout(): Promise<void> {
  const link = currentUser()?.links.logout;
  let redirectURL: string | null = null;
  if (link) {
    try {
      // The link table carries every feature's schemas: loaded when someone logs out, not with the first screen.
      const { follow } = await import('./follow');
      redirectURL = (await follow('logout', link, undefined, { silent: true, handleSession: false })).redirectURL;
    } catch {
      // The session ends on this side anyway.
    }
  }
  clearSession();
  if (redirectURL) window.location.assign(redirectURL);
  else navigateTo('/');
}

/** Logout as a mutation: the menu shows it pending; the session ends on this side whatever the server answers. */
export const logoutMutation = () => mutationOptions({ mutationKey: ['logout'], mutationFn: logout });
