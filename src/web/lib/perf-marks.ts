/**
 * User Timing marks read by the benchmark (bench/search-click.ts): the time from a trip search's
 * submit to its first proposal card painted. Kept here, apart from both screens, so that neither
 * chunk imports the other.
 */
export const SEARCH_SUBMIT_MARK = 'escale:search-submit';
export const FIRST_PROPOSAL_MARK = 'escale:first-proposal';
/** The booking list's first tickets painted (bench/bookings.ts: from navigation to this mark). */
export const TICKETS_PAINTED_MARK = 'escale:tickets-painted';
