import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { AgencyAdmin } from '@contract/agency-admin';
import type { Branding } from '@contract/agency';
import type { Link } from '@contract/link';
import { follow, linkMutationOptions } from '@web/lib/follow';
import { queryClient } from '@web/lib/query';

/** The agency's administration: the entry (the user's agencyAdmin link), its areas' lists, and the changes their links offer. */

export const agencyAdminKeys = {
  all: ['agency-admin'] as const,
  admin: () => ['agency-admin', 'admin'] as const,
  companies: () => ['agency-admin', 'companies'] as const,
  staff: () => ['agency-admin', 'staff'] as const,
  messages: () => ['agency-admin', 'messages'] as const,
  history: () => ['agency-admin', 'history'] as const,
};

export const agencyAdminQuery = (link: Link) =>
  queryOptions({ queryKey: agencyAdminKeys.admin(), queryFn: ({ signal }) => follow('agencyAdmin', link, undefined, { signal }) });
export const agencyCompaniesQuery = (link: Link) =>
  queryOptions({ queryKey: agencyAdminKeys.companies(), queryFn: ({ signal }) => follow('agencyCompanies', link, undefined, { signal }) });
export const agencyStaffQuery = (link: Link) =>
  queryOptions({ queryKey: agencyAdminKeys.staff(), queryFn: ({ signal }) => follow('agencyStaff', link, undefined, { signal }) });
export const agencyMessagesQuery = (link: Link) =>
  queryOptions({ queryKey: agencyAdminKeys.messages(), queryFn: ({ signal }) => follow('agencyMessages', link, undefined, { signal }) });
/** The history is read again each time it is shown: every change adds to it. */
export const agencyHistoryQuery = (link: Link) =>
  queryOptions({ queryKey: agencyAdminKeys.history(), queryFn: ({ signal }) => follow('agencyHistory', link, undefined, { signal }), staleTime: 0 });

const readAgain = (key: readonly string[]) => () =>
  Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: agencyAdminKeys.history() })]);

/** The new look at once, in this tab (the app's branding query), without waiting for GET /agency's copy to be read again. */
function brandingChanged(admin: AgencyAdmin) {
  queryClient.setQueryData(agencyAdminKeys.admin(), admin);
  queryClient.setQueriesData<Branding>({ queryKey: ['agency'] }, (branding) =>
    branding
      ? { ...branding, logo: admin.agency.logo, colors: { ...branding.colors, brand: admin.agency.brandColor, accent: admin.agency.accentColor } }
      : branding,
  );
  return queryClient.invalidateQueries({ queryKey: agencyAdminKeys.history() });
}

// The forms show field problems next to their fields: those mutations are silent, the screens toast the rest.
export const agencyAdminMutations = {
  createCompany: () => mutationOptions({ ...linkMutationOptions('createClientCompany', { silent: true }), onSuccess: readAgain(agencyAdminKeys.companies()) }),
  updateCompany: () => mutationOptions({ ...linkMutationOptions('updateClientCompany', { silent: true }), onSuccess: readAgain(agencyAdminKeys.companies()) }),
  inviteTravelManager: () =>
    mutationOptions({ ...linkMutationOptions('inviteTravelManager', { silent: true }), onSuccess: readAgain(agencyAdminKeys.companies()) }),
  updateSso: () => mutationOptions({ ...linkMutationOptions('updateCompanySso', { silent: true }), onSuccess: readAgain(agencyAdminKeys.companies()) }),
  inviteStaff: () => mutationOptions({ ...linkMutationOptions('inviteStaff', { silent: true }), onSuccess: readAgain(agencyAdminKeys.staff()) }),
  deactivateStaff: () => mutationOptions({ ...linkMutationOptions('deactivateStaff'), onSuccess: readAgain(agencyAdminKeys.staff()) }),
  updateBranding: () => mutationOptions({ ...linkMutationOptions('updateBranding', { silent: true }), onSuccess: brandingChanged }),
  createMessage: () => mutationOptions({ ...linkMutationOptions('createAgencyMessage', { silent: true }), onSuccess: readAgain(agencyAdminKeys.messages()) }),
  updateMessage: () => mutationOptions({ ...linkMutationOptions('updateAgencyMessage', { silent: true }), onSuccess: readAgain(agencyAdminKeys.messages()) }),
  deleteMessage: () => mutationOptions({ ...linkMutationOptions('deleteAgencyMessage'), onSuccess: readAgain(agencyAdminKeys.messages()) }),
};
