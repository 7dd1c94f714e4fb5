import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { userSchema } from '../../../contract/account';
import type { Link } from '../../../contract/link';
import type { OnboardingConfirmBody } from '../../../contract/privacy';
import { onboardingConfirmedSchema, onboardingDataSchema, onboardingDeletedSchema } from '../../../contract/privacy';
import { messageResultSchema } from '../../../contract/account';
import { linkMutationOptions, linkQueryOptions } from '../../lib/follow';
import { api } from '../../lib/http';
import { meQuery } from '../../lib/me';
import { queryClient } from '../../lib/query';
import { clearSession, startSession, useSession } from '../../lib/session';
import { entries, entryPath } from '../../../contract/entries';

/** Privacy, data deletion and onboarding (issue 16): the policy, the two deletions over the user's links, and the onboarding calls. */

/** The agency's privacy policy (the user's `privacyPolicy` link). */
export const privacyPolicyQuery = (link: Link) => ({ ...linkQueryOptions('privacyPolicy', link), staleTime: 5 * 60_000 });

/** The user as the server now has it (GET /user/): the `me` query read again. */
const reloadMe = () => queryClient.fetchQuery({ ...meQuery(), staleTime: 0 });

export const privacyMutations = {
  /** DELETE user/optional_data; the screens show the user without them once it is done (profile, cards, documents, saved payment cards). */
  deleteOptionalData: () => mutationOptions({ ...linkMutationOptions('deleteOptionalData'), onSuccess: () => Promise.all([reloadMe(), queryClient.invalidateQueries({ queryKey: ['link'] })]) }),
  /** DELETE user/data with the password: silent, the dialog shows a wrong password next to its field and toasts the rest. */
  deleteAccount: () => mutationOptions({ ...linkMutationOptions('deleteAccount', { silent: true }), onSuccess: () => clearSession() }),
};

// ── Onboarding (no session yet: the e-mailed token is the entry point) ───────────────────────────

const own = { silent: true, handleSession: false } as const;
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
  regenerate: () => mutationOptions({ mutationKey: ['onboarding', 'regenerate'], mutationFn: (token: string) => api.post(entries.regenerateActivation, { token }, messageResultSchema, own) }),
};
