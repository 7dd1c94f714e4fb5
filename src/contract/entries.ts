/**
 * The API's entry points: the paths a client calls without following a link (signing in, the
 * searches, places, the lists, a resource by id from a reloaded page or an e-mail's deep link), under
 * API_BASE; `:name` are their parameters. Both sides read this table: the server registers its routes
 * at these paths, the web app calls them. Every other path comes from a link (the rel table). Free of
 * zod: the web app's first load reads it.
 */
export const entries = {
  agency: '/agency',
  comms: '/comms',
  places: '/places',
  // Account (spec 3 §1–§3): sign-in, sign-up, activation, password reset, the start-up sign-in of the SSO and sandbox entries.
  authStrategy: '/user/auth-strategy/:username',
  login: '/user/login',
  ssoEntry: '/sso/',
  signUp: '/user/signin',
  activateAccount: '/user/confirm',
  regenerateActivation: '/user/regenerate',
  forgotPassword: '/user/forgot',
  resetPassword: '/user/password',
  /** The signed-in user: the start-up's first call (its rel `self` names the same path). */
  user: '/user/',
  onboardingData: '/user/onboarding/data',
  onboardingConfirm: '/user/onboarding/confirm',
  invitation: '/user/invitation/:token',
  /** The link of an e-mail change, sent to the new address (features/profile): following it switches the address. */
  confirmEmailChange: '/user/email/confirm',
  // The searches (spec 1 §4): each answer links on to its pages, details and the cart.
  tripSearch: '/treep/search',
  placementOptions: '/ticket/placementOptions',
  hotelSearch: '/hotel/search',
  carRentalSearch: '/carrental/search',
  expertSearch: '/expert-search',
  // People to book for.
  customerCompanies: '/companies/',
  colleagues: '/users/',
  guests: '/user/guests',
  // The lists, and a resource by id (a reloaded page, an e-mail's deep link).
  travels: '/v2/travels/',
  /** A travel by id (its rel `getTravel` names the same path). */
  travel: '/v2/travels/:travelID',
  tickets: '/tickets/',
  product: '/products/:productID',
  approval: '/approvals/:approvalID',
  oneClickApproval: '/approval/one-click/:token',
  calendarSubscription: '/calendar/subscription',
  // The agency's staff and the travel manager.
  agencyTasks: '/agency/tasks',
  companyAdmin: '/companies/:companyID/admin',
} as const;

export type Entry = keyof typeof entries;

/** The `:name` parameters of a path template. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** An entry point's path with its parameters filled in (URL-encoded), and a query string when given. */
export function entryPath<E extends Entry>(
  entry: E,
  ...[params, query]: ParamsOf<(typeof entries)[E]> extends never
    ? [params?: undefined, query?: string]
    : [params: Record<ParamsOf<(typeof entries)[E]>, string>, query?: string]
): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = entries[entry].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]!));
  return query ? `${path}?${query}` : path;
}
