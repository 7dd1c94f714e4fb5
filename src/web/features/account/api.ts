import { mutationOptions } from '@tanstack/react-query';
import type { LoginBody, SignupBody } from '../../../contract/account';
import {
  authStrategySchema,
  messageResultSchema,
  sessionSchema,
  signupResultSchema,
  ssoEntrySchema,
} from '../../../contract/account';
import { activationResultSchema } from '../../../contract/privacy';
import { api } from '../../lib/http';
import { startSession } from '../../lib/session';
import { entries, entryPath } from '../../../contract/entries';

// The account forms show their own errors next to the fields: these calls never toast. They come
// before a session exists, so a 401 here is about the credentials, not an expired session.
const own = { silent: true, handleSession: false } as const;

export const getAuthStrategy = (username: string) =>
  api.get(entryPath('authStrategy', { username }), authStrategySchema, own);

/** POST /user/login with credentials or a one-time token; the session starts on success. */
export async function login(body: LoginBody) {
  const session = await api.post(entries.login, body, sessionSchema, own);
  startSession(session.token, session.user);
  return session;
}

/**
 * The start-up sign-in of /sso/$segment and /sandbox/$segment (GET /sso/, spec 3 §7) with the entry's
 * one-time token; the session starts with the user and the features the server gives that session.
 */
export async function startupSignIn({ type, token }: { type: 'sso' | 'sandbox'; token: string }) {
  const entry = await api.get(entryPath('ssoEntry', undefined, new URLSearchParams({ type, token }).toString()), ssoEntrySchema, own);
  // The token is the session's, kept where the session keeps it, not in the user.
  const { token: sessionToken, ...user } = entry.user;
  startSession(sessionToken, user);
  return entry;
}

/** The body is the contract's parsed sign-up (trimmed, gdpr_consent true). */
export const signup = (body: SignupBody) => api.post(entries.signUp, body, signupResultSchema, own);

/** Activation; its answer starts the first-login onboarding (issue 16), kept for /form (lib/onboarding.ts). */
export const confirmAccount = (token: string) => api.post(entries.activateAccount, { token }, activationResultSchema, own);

export const regenerateActivation = (token: string) => api.post(entries.regenerateActivation, { token }, messageResultSchema, own);

export const forgotPassword = (username: string) => api.post(entries.forgotPassword, { username }, messageResultSchema, own);

export const setNewPassword = (token_pwd: string, password: string) =>
  api.put(entries.resetPassword, { token_pwd, password }, messageResultSchema, own);

/**
 * The account's changes as TanStack mutations. They come before a session exists, so they are the
 * API's entry points (no link to follow yet); each screen shows its own errors.
 */
export const accountMutations = {
  login: () => mutationOptions({ mutationKey: ['account', 'login'], mutationFn: login }),
  startupSignIn: () => mutationOptions({ mutationKey: ['account', 'startup-sign-in'], mutationFn: startupSignIn }),
  signup: () => mutationOptions({ mutationKey: ['account', 'signup'], mutationFn: signup }),
  confirm: () => mutationOptions({ mutationKey: ['account', 'confirm'], mutationFn: confirmAccount }),
  regenerate: () => mutationOptions({ mutationKey: ['account', 'regenerate'], mutationFn: regenerateActivation }),
  forgotPassword: () => mutationOptions({ mutationKey: ['account', 'forgot'], mutationFn: forgotPassword }),
  setNewPassword: () =>
    mutationOptions({ mutationKey: ['account', 'new-password'], mutationFn: ({ token_pwd, password }: { token_pwd: string; password: string }) => setNewPassword(token_pwd, password) }),
};
