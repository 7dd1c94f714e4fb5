import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { LoginBody, SignupBody } from '@contract/account';
import type { Link } from '@contract/link';
import { authStrategySchema, messageResultSchema, sessionSchema, signupResultSchema, ssoEntrySchema, userSchema } from '@contract/account';
import type { OnboardingConfirmBody } from '@contract/privacy';
import { activationResultSchema, onboardingConfirmedSchema, onboardingDataSchema, onboardingDeletedSchema } from '@contract/privacy';
import { api } from '@web/lib/http';
import { entries, entryPath } from '@contract/entries';
import { clearSession, currentUser, startSession, useSession } from '@web/lib/session';

// The sign-in forms show their own errors next to the fields: these calls never toast. They come
// before a session exists, so a 401 here is about the credentials, not an expired session.
const own = { silent: true, handleSession: false } as const;

export const getAuthStrategy = (username: string) => api.get(entryPath('authStrategy', { username }), authStrategySchema, own);

/** POST /user/login with credentials or a one-time token; the session starts on success. */
export async function login(body: LoginBody) {
  const session = await api.post(entries.login, body, sessionSchema, own);
  startSession(session.token, session.user);
  return session;
}

/**
 * The start-up sign-in of /sso/$segment and /sandbox/$segment (GET /sso/, spec 3 §7) with the entry's
 * one-time token: the user with a new session token and the features the server gives that session.
 * The browser sends its single sign-on cookie with this same-origin call: the token is only its own.
 * The session is not started yet: someone else may be signed in here (TokenSignIn asks first).
 */
export const redeemStartupToken = ({ type, token }: { type: 'sso' | 'sandbox'; token: string }) =>
  api.get(entryPath('ssoEntry', undefined, new URLSearchParams({ type, token }).toString()), ssoEntrySchema, own);

export type StartupEntry = Awaited<ReturnType<typeof redeemStartupToken>>;

/** The entry's session becomes this tab's; the previous user's session, if any, ends (on the server too) with everything cached for it. */
export async function startEntrySession(entry: StartupEntry) {
  const previous = currentUser();
  if (previous) {
    await endSession(previous.links.logout, undefined);
    clearSession();
  }
  // The token is the session's, kept where the session keeps it, not in the user.
  const { token: sessionToken, ...user } = entry.user;
  startSession(sessionToken, user);
}

/** The entry's session, not wanted (the person stays who they were): ended on the server, never kept here. */
export const discardEntrySession = (entry: StartupEntry) => endSession(entry.user.links.logout, entry.user.token);

/** Follows a user's logout link, with that session's token when it is not this tab's; a failure leaves the session to expire. */
async function endSession(link: Link | undefined, token: string | undefined) {
  if (!link) return;
  const { follow } = await import('@web/lib/follow');
  await follow('logout', link, undefined, { silent: true, handleSession: false, headers: token ? { Authorization: `Bearer ${token}` } : {} }).catch(
    () => undefined,
  );
}

/** The body is the contract's parsed sign-up (trimmed, gdpr_consent true). */
export const signup = (body: SignupBody) => api.post(entries.signUp, body, signupResultSchema, own);

/** Activation; its answer starts the first-login onboarding, kept for /form (lib/onboarding.ts). */
export const confirmAccount = (token: string) => api.post(entries.activateAccount, { token }, activationResultSchema, own);

export const regenerateActivation = (token: string) => api.post(entries.regenerateActivation, { token }, messageResultSchema, own);

export const forgotPassword = (username: string) => api.post(entries.forgotPassword, { username }, messageResultSchema, own);

export const setNewPassword = (token_pwd: string, password: string) => api.put(entries.resetPassword, { token_pwd, password }, messageResultSchema, own);

/**
 * The sign-in, sign-up, activation and password calls as TanStack mutations. They come before a
 * session exists, so they are the API's entry points (no link to follow yet); each screen shows its
 * own errors.
 */
export const authMutations = {
  login: () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login }),
  startupSignIn: () => mutationOptions({ mutationKey: ['auth', 'startup-sign-in'], mutationFn: redeemStartupToken }),
  signup: () => mutationOptions({ mutationKey: ['auth', 'signup'], mutationFn: signup }),
  confirm: () => mutationOptions({ mutationKey: ['auth', 'confirm'], mutationFn: confirmAccount }),
  regenerate: () => mutationOptions({ mutationKey: ['auth', 'regenerate'], mutationFn: regenerateActivation }),
  forgotPassword: () => mutationOptions({ mutationKey: ['auth', 'forgot'], mutationFn: forgotPassword }),
  setNewPassword: () =>
    mutationOptions({
      mutationKey: ['auth', 'new-password'],
      mutationFn: ({ token_pwd, password }: { token_pwd: string; password: string }) => setNewPassword(token_pwd, password),
    }),
};

// ── Onboarding (no session yet: the e-mailed token is the entry point) ───────────────────────────

const onboardingQueryString = (token: string, username: string) => new URLSearchParams({ token, username }).toString();

/** GET user/onboarding/data: the prefill of step 2 (its failures are ignored: the fields start empty). */
export const onboardingDataQuery = (token: string, username: string) =>
  queryOptions({
    queryKey: ['onboarding', 'data', token, username] as const,
    queryFn: ({ signal }) => api.get(entryPath('onboardingData', undefined, onboardingQueryString(token, username)), onboardingDataSchema, { ...own, signal }),
    retry: false,
    staleTime: Infinity,
  });

/**
 * POST /user/onboarding/confirm: the answer's session token is stored, then the user read with it.
 * No Idempotency-Key: the token is single-use (a second try answers "already used").
 */
async function confirmOnboarding(body: OnboardingConfirmBody) {
  const { token } = await api.post(entries.onboardingConfirm, body, onboardingConfirmedSchema, own);
  // Whoever was signed in on this device before is not the one who completed the onboarding.
  if (useSession.getState().token) clearSession();
  const user = await api.get(entries.user, userSchema, { ...own, headers: { Authorization: `Bearer ${token}` } });
  startSession(token, user);
  return user;
}

export const onboardingMutations = {
  confirm: () => mutationOptions({ mutationKey: ['onboarding', 'confirm'], mutationFn: confirmOnboarding }),
  deleteData: () =>
    mutationOptions({
      mutationKey: ['onboarding', 'delete'],
      mutationFn: ({ token, username }: { token: string; username: string }) =>
        api.delete(entryPath('onboardingData', undefined, onboardingQueryString(token, username)), onboardingDeletedSchema, own),
    }),
  /** POST /user/regenerate: a new onboarding link by e-mail for an expired or used one. */
  regenerate: () =>
    mutationOptions({
      mutationKey: ['onboarding', 'regenerate'],
      mutationFn: (token: string) => api.post(entries.regenerateActivation, { token }, messageResultSchema, own),
    }),
};
