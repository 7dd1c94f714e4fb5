/**
 * What a user's permissions (`perms` of GET /user/) make them, for both sides; no zod, so the web's
 * first chunk may import it.
 */

/**
 * Agency staff (spec 1 §6, spec 3 §6): a travel agent books for the agency's customer companies, an
 * assistance agent acts for their travellers. Both name the company (`customer_id`) and a traveller
 * of it; the agency's work queue is theirs.
 */
export const isAgencyStaff = (perms: readonly string[]) => perms.includes('travel_agent') || perms.includes('assistance_agent');

/**
 * The agency's administrator (features/agency-admin): manages its client companies, staff, branding,
 * messages and single sign-on settings. Not agency staff for booking (unless also travel_agent).
 */
export const isAgencyAdmin = (perms: readonly string[]) => perms.includes('agency_admin');
