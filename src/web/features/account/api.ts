import { mutationOptions } from '@tanstack/react-query';
import type { LoginBody, SignupBody } from '../../../contract/account';
import {
  authStrategySchema,
  messageResultSchema,
  sessionSchema,
  signupResultSchema,
} from '../../../contract/account';
import { api } from '../../lib/http';
import { startSession } from '../../lib/session';

// The account forms show their own errors next to the fields: these calls never toast. They come
// before a session exists, so a 401 here is about the credentials, not an expired session.
const own = { silent: true, handleSession: false } as const;

export const getAuthStrategy = (username: string) =>
  api.get(`/user/auth-strategy/${encodeURIComponent(username)}`, authStrategySchema, own);

/** POST /user/login with credentials or a one-time token; the session starts on success. */
export async function login(body: LoginBody) {
  const session = await api.post('/user/login', body, sessionSchema, own);
  startSession(session.token, session.user);
  return session;
}

/** The body is the contract's parsed sign-up (trimmed, gdpr_consent true). */
export const signup = (body: SignupBody) => api.post('/user/signin', body, signupResultSchema, own);

export const confirmAccount = (token: string) => api.post('/user/confirm', { token }, messageResultSchema, own);

export const regenerateActivation = (token: string) => api.post('/user/regenerate', { token }, messageResultSchema, own);

export const forgotPassword = (username: string) => api.post('/user/forgot', { username }, messageResultSchema, own);

export const setNewPassword = (token_pwd: string, password: string) =>
  api.put('/user/password', { token_pwd, password }, messageResultSchema, own);

/**
 * The account's changes as TanStack mutations. They come before a session exists, so they are the
 * API's entry points (no link to follow yet); each screen shows its own errors.
 */
export const accountMutations = {
  login: () => mutationOptions({ mutationKey: ['account', 'login'], mutationFn: login }),
  signup: () => mutationOptions({ mutationKey: ['account', 'signup'], mutationFn: signup }),
  confirm: () => mutationOptions({ mutationKey: ['account', 'confirm'], mutationFn: confirmAccount }),
  regenerate: () => mutationOptions({ mutationKey: ['account', 'regenerate'], mutationFn: regenerateActivation }),
  forgotPassword: () => mutationOptions({ mutationKey: ['account', 'forgot'], mutationFn: forgotPassword }),
  setNewPassword: () =>
    mutationOptions({ mutationKey: ['account', 'new-password'], mutationFn: ({ token_pwd, password }: { token_pwd: string; password: string }) => setNewPassword(token_pwd, password) }),
};
