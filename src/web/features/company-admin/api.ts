import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { CompanyAdmin } from '@contract/company-admin';
import { companyAdminSchema, invitationSchema } from '@contract/company-admin';
import type { RelInput } from '@contract/rels';
import type { Link } from '@contract/link';
import { placesQuery } from '@web/lib/places';
import { follow, linkMutationOptions } from '@web/lib/follow';
import { api } from '@web/lib/http';
import { queryClient } from '@web/lib/query';
import { entryPath } from '@contract/entries';

/** The travel manager's company: the resource, its people list, and the changes its links offer. */

export const companyKeys = {
  all: ['company-admin'] as const,
  admin: (companyId: string) => ['company-admin', 'admin', companyId] as const,
  people: () => ['company-admin', 'people'] as const,
  invitation: (token: string) => ['company-admin', 'invitation', token] as const,
};

/** The entry point `GET /companies/{id}/admin` (the signed-in manager's own company). */
export const companyAdminQuery = (companyId: string) =>
  queryOptions({
    queryKey: companyKeys.admin(companyId),
    queryFn: ({ signal }) => api.get(entryPath('companyAdmin', { companyID: companyId }), companyAdminSchema, { signal }),
  });

export type PeopleFilters = { query: string; kind: 'all' | 'employee' | 'guest' };

/** The companyPeople link with the list's query (the rel's documented parameters). */
export const peopleQuery = (link: Link, filters: PeopleFilters) =>
  queryOptions({
    queryKey: [...companyKeys.people(), link.href, filters] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ query: filters.query.trim(), kind: filters.kind });
      return follow('companyPeople', { ...link, href: `${link.href}?${params}` }, undefined, { signal });
    },
    placeholderData: (previous) => previous,
  });

/** Every change to a person: the lists are read again (who is where, with which actions). */
const peopleChanged = () => queryClient.invalidateQueries({ queryKey: companyKeys.people() });
/** A change to the company's rules answers the company as it is now: shown at once. */
const companyChanged = (company: CompanyAdmin) => {
  queryClient.setQueryData(companyKeys.admin(company.company.uid), company);
  // The approvers' candidates and the people's flags follow the permissions.
  return peopleChanged();
};

// The forms show field problems next to their fields: those mutations are silent, the screens toast the rest.
export const companyMutations = {
  invite: () => mutationOptions({ ...linkMutationOptions('inviteEmployee', { silent: true }), onSuccess: peopleChanged }),
  createGuest: () => mutationOptions({ ...linkMutationOptions('createCompanyGuest', { silent: true }), onSuccess: peopleChanged }),
  resendInvitation: () => mutationOptions({ ...linkMutationOptions('resendInvitation'), onSuccess: peopleChanged }),
  deactivateUser: () => mutationOptions({ ...linkMutationOptions('deactivateUser'), onSuccess: peopleChanged }),
  reactivateUser: () => mutationOptions({ ...linkMutationOptions('reactivateUser'), onSuccess: peopleChanged }),
  deactivateGuest: () => mutationOptions({ ...linkMutationOptions('deactivateGuest'), onSuccess: peopleChanged }),
  reactivateGuest: () => mutationOptions({ ...linkMutationOptions('reactivateGuest'), onSuccess: peopleChanged }),
  updateEntities: () => mutationOptions({ ...linkMutationOptions('updateEntities', { silent: true }), onSuccess: companyChanged }),
  updateAnalytics: () => mutationOptions({ ...linkMutationOptions('updateAnalytics', { silent: true }), onSuccess: companyChanged }),
  updateApprovers: () => mutationOptions({ ...linkMutationOptions('updateApprovers', { silent: true }), onSuccess: companyChanged }),
  updateTravelPolicy: () => mutationOptions({ ...linkMutationOptions('updateTravelPolicy', { silent: true }), onSuccess: companyChanged }),
};

/** Cities a hotel cap may name: the place search, cities only. */
export const cityQuery = (q: string) => ({ ...placesQuery(q, 'city'), enabled: q.trim().length >= 2 });

// ── The invitee (no session: the e-mailed token is the entry point) ──────────────────────────────

const own = { silent: true, handleSession: false } as const;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: companyKeys.invitation(token),
    queryFn: ({ signal }) => api.get(entryPath('invitation', { token }), invitationSchema, { ...own, signal }),
    retry: false,
    staleTime: Infinity,
  });

/** Accepts through the invitation's link; no Idempotency-Key: the token is single-use, a second try answers "already used". */
export const acceptInvitationMutation = () =>
  mutationOptions({
    mutationKey: ['acceptInvitation'],
    mutationFn: ({ link, input }: { link: Link; input: RelInput<'acceptInvitation'> }) => follow('acceptInvitation', link, input, own),
  });
