import { mutationOptions, queryOptions, skipToken } from '@tanstack/react-query';
import type { User } from '@contract/account';
import { entries } from '@contract/entries';
import type { Link } from '@contract/link';
import { emailChangedSchema } from '@contract/profile';
import { api } from '@web/lib/http';
import { linkKeys, linkMutationOptions, linkQueryOptions } from '@web/lib/follow';
import { queryClient } from '@web/lib/query';
import { meQuery } from '@web/lib/me';
import { currentUser, meKey, startSession } from '@web/lib/session';

/** The profile: the accessibility reference data behind the user's links, and the save. */

/** Reference data: the same for every session, read once; none without its link. */
export const handicapTypesQuery = (link: Link | undefined) =>
  queryOptions({
    queryKey: linkKeys.one('handicapTypes', link?.href ?? ''),
    queryFn: link ? linkQueryOptions('handicapTypes', link, { silent: true }).queryFn : skipToken,
    staleTime: Infinity,
  });
export const wheelchairsQuery = (link: Link | undefined) =>
  queryOptions({
    queryKey: linkKeys.one('wheelchairs', link?.href ?? ''),
    queryFn: link ? linkQueryOptions('wheelchairs', link, { silent: true }).queryFn : skipToken,
    staleTime: Infinity,
  });

/** Whatever the server shows of the user now becomes the signed-in user (header, search form, this page). */
export const showUser = (user: User) => queryClient.setQueryData(meKey, user);

/** PUT /user/ on the version the form was filled from: field problems are shown next to their fields (silent). */
export const updateProfileMutation = () =>
  mutationOptions({
    ...linkMutationOptions('updateProfile', { silent: true }),
    // The answer's token is the session's (spec 3 §7: result.token, then the user).
    onSuccess: ({ token, user }) => startSession(token, user),
  });

/**
 * The link of an e-mail change (POST /user/email/confirm, no session needed: it may be opened in any
 * browser). Its errors are the page's to show (silent); a signed-in user's profile is read again.
 */
export const confirmEmailChangeMutation = () =>
  mutationOptions({
    mutationFn: (token: string) => api.post(entries.confirmEmailChange, { token }, emailChangedSchema, { silent: true, handleSession: false }),
    // The signed-in user (if this browser has one) is read again: the `me` query never refetches by itself.
    onSuccess: () => (currentUser() ? queryClient.fetchQuery({ ...meQuery(), staleTime: 0 }).catch(() => undefined) : undefined),
  });
