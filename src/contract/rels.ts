import { z } from 'zod';
import { API_BASE } from './link';
import type { HttpMethod, Link } from './link';
import { okSchema } from './envelope';
import { logoutResultSchema, messageResultSchema, sessionSchema, userSchema } from './account';
import { handicapTypesSchema, profileBodySchema, wheelchairsSchema } from './profile';
import {
  approvalCountsSchema,
  approvalListSchema,
  approvalSchema,
  approveBodySchema,
  denyBodySchema,
  escalateBodySchema,
  oneClickBodySchema,
  oneClickSchema,
} from './approvals';
import { calendarSubscriptionSchema } from './calendar';
import { cartAddBodySchema, cartAddResultSchema } from './cart';
import { carCartAddBodySchema } from './car-rental';
import { hotelCartAddBodySchema, hotelDetailsSchema, hotelSearchBodySchema } from './hotel';
import { agencyTaskSchema, cancelBodySchema, cancelResultSchema, completeTaskBodySchema, refundPreviewSchema } from './cancellation';
import { agencyQueueSchema, closeTaskBodySchema, heldOptionResultSchema } from './agency-queue';
import {
  acceptInvitationBodySchema,
  companyAdminSchema,
  companyPeopleSchema,
  companyPersonSchema,
  createGuestBodySchema,
  invitationAcceptedSchema,
  inviteEmployeeBodySchema,
  updateAnalyticsBodySchema,
  updateApproversBodySchema,
  updateEntitiesBodySchema,
  updateTravelPolicyBodySchema,
} from './company-admin';
import {
  agencyAdminSchema,
  agencyCompaniesSchema,
  agencyCompanySchema,
  agencyHistorySchema,
  agencyMessageBodySchema,
  agencyMessagesSchema,
  agencyStaffSchema,
  createClientCompanyBodySchema,
  inviteStaffBodySchema,
  inviteTravelManagerBodySchema,
  staffMemberSchema,
  updateBrandingBodySchema,
  updateClientCompanyBodySchema,
  updateCompanySsoBodySchema,
} from './agency-admin';
import { stepSavedSchema, travelSchema } from './travel';
import {
  analyticsFormSchema,
  approversSchema,
  confirmBodySchema,
  fillAnalyticsBodySchema,
  fillApproversBodySchema,
  missionOrdersSchema,
  patchMissionOrdersBodySchema,
} from './checkout-steps';
import { expertCartAddBodySchema, expertChoiceBodySchema, expertResultSchema, expertTravelerStepSchema } from './expert';
import { exchangeDoneSchema, exchangeOfferSchema, exchangeResultSchema, exchangeSearchBodySchema, exchangeSectionsSchema } from './exchange';
import { fareConditionsSchema, moreChoicesSchema, pageBodySchema, travelerStepBodySchema, travelerStepSchema, tripResultsSchema } from './trip';
import { travelStatsSchema } from './stats';
import { documentsSchema, updateDocumentsBodySchema } from './documents';
import { cardBodySchema, cardTypesSchema, putCardsBodySchema, userCardsSchema } from './loyalty-cards';
import { accountDeletedSchema, deleteAccountBodySchema, optionalDataDeletedSchema, privacyPolicySchema } from './privacy';
import { cardPaymentResultSchema, payByCardBodySchema, paymentCardsSchema } from './payment';
import { customerCompanySchema } from './travelers';

export { API_BASE };

type RelSpec = { method: HttpMethod; path: string; input: z.ZodType; output: z.ZodType };
const rel = <M extends HttpMethod, P extends string, I extends z.ZodType, O extends z.ZodType>(method: M, path: P, input: I, output: O) => ({
  method,
  path,
  input,
  output,
});
const none = z.void();

/**
 * The rel table: what each link name means — its method, its path under API_BASE (`:name` are the
 * link's parameters), the body it takes and the `result` it answers with. The server writes links
 * from it (`linkTo`) and registers the routes at the same paths; the web app follows them typed end
 * to end (web/lib/follow.ts). A link the server writes whose rel is missing here fails the API tests.
 */
export const rels = {
  // The signed-in user (spec 3 §7).
  self: rel('GET', '/user/', none, userSchema),
  logout: rel('POST', '/user/logout', none, logoutResultSchema),
  // Trip results (spec 1 §4, §7): paging, more fares of a cabin, fare conditions, then the traveller step and add to cart.
  next: rel('POST', '/treep/next', pageBodySchema, tripResultsSchema),
  previous: rel('POST', '/treep/previous', pageBodySchema, tripResultsSchema),
  getMoreChoices: rel('GET', '/treep/choices/:choiceID/more', none, moreChoicesSchema),
  fullfareConditions: rel('GET', '/treep/offers/:offerID/fare-conditions', none, fareConditionsSchema),
  travelerForm: rel('POST', '/ticket/travelerForm', travelerStepBodySchema, travelerStepSchema),
  addToCart: rel('POST', '/cart/add?version=v2', cartAddBodySchema, cartAddResultSchema),
  // Hotel and car rental (spec 1 §4, §7): a hotel's details and rooms (a new request cancels the previous one), then add to cart.
  hotelDetails: rel('POST', '/hotel/search/:hotelId', hotelSearchBodySchema, hotelDetailsSchema),
  addHotelToCart: rel('POST', '/cart/add?version=v2', hotelCartAddBodySchema, cartAddResultSchema),
  addCarToCart: rel('POST', '/cart/add?version=v2', carCartAddBodySchema, cartAddResultSchema),
  // Expert search (spec 1 §4 "Expert", §7): the next journey's flights for the itinerary so far, then its traveller forms, then add to cart.
  nextJourney: rel('POST', '/expert-search/:expertID/next', expertChoiceBodySchema, expertResultSchema),
  expertTravelerForm: rel('POST', '/expert-search/:expertID/traveler-form', expertChoiceBodySchema, expertTravelerStepSchema),
  addExpertToCart: rel('POST', '/cart/expert/:expertID', expertCartAddBodySchema, cartAddResultSchema),
  // The travel and its checkout (spec 2 §3–§4); changes send If-Match: version and an Idempotency-Key.
  emptyCart: rel('DELETE', '/v2/travels/?status=cart', none, okSchema),
  getTravel: rel('GET', '/v2/travels/:travelID', none, travelSchema),
  delete: rel('DELETE', '/v2/travels/:travelID', none, okSchema),
  /** The travel accepts more trips: search with its id, then add to cart with `travelID`. */
  addTrip: rel('POST', '/cart/add?version=v2', cartAddBodySchema, cartAddResultSchema),
  getAllAnalytics: rel('GET', '/v2/travels/:travelID/analytics', none, analyticsFormSchema),
  fillAnalytics: rel('PATCH', '/v2/travels/:travelID/analytics', fillAnalyticsBodySchema, stepSavedSchema),
  getMissionOrders: rel('GET', '/v2/travels/:travelID/mission-orders', none, missionOrdersSchema),
  patchMissionOrders: rel('PATCH', '/v2/travels/:travelID/mission-orders', patchMissionOrdersBodySchema, stepSavedSchema),
  getAvailableApprovers: rel('GET', '/v2/travels/:travelID/approvers', none, approversSchema),
  fillApprovers: rel('PATCH', '/v2/travels/:travelID/approvers', fillApproversBodySchema, stepSavedSchema),
  requestApproval: rel('POST', '/v2/travels/:travelID/approval', none, travelSchema),
  confirm: rel('POST', '/v2/travels/:travelID/confirm', confirmBodySchema, travelSchema),
  releasePrebooking: rel('POST', '/v2/travels/:travelID/products/:productID/release', none, travelSchema),
  // Card payment (spec 2 §1, contract/payment.ts): the card's token (from the payment service) or a saved card, then,
  // when the bank asks the holder to authenticate (3-D Secure), the payment finished once back from the bank.
  payByCard: rel('POST', '/v2/travels/:travelID/card-payment', payByCardBodySchema, cardPaymentResultSchema),
  confirmCardPayment: rel('POST', '/v2/travels/:travelID/card-payment/:paymentID/confirm', none, cardPaymentResultSchema),
  // Cancellation (spec 2 §4 "Cancel product modal", §7): the refund preview of a booked product, then its cancel (one or several products).
  previewRefund: rel('GET', '/products/:productID/refund-preview', none, refundPreviewSchema),
  cancelProduct: rel('POST', '/treep/cancel', cancelBodySchema, cancelResultSchema),
  /** Agency staff answer an offline cancellation (the task of GET /agency/tasks). */
  completeAgencyTask: rel('POST', '/agency/tasks/:taskID/complete', completeTaskBodySchema, agencyTaskSchema),
  /** A booked travel's legs as an iCalendar file (text/calendar, no JSON `result`): a read, downloaded as is. */
  calendar: rel('GET', '/v2/travels/:travelID/calendar.ics', none, none),
  // The user's private calendar feed: GET /calendar/subscription (an entry point) carries these.
  subscribeCalendar: rel('POST', '/calendar/subscription', none, calendarSubscriptionSchema),
  revokeCalendar: rel('DELETE', '/calendar/subscription', none, calendarSubscriptionSchema),
  // Approvals (spec 2 §3–§7): the approver's inbox and answers, the requester's cancel and reminder.
  approvals: rel('GET', '/approvals/', none, approvalListSchema),
  safetyApprovals: rel('GET', '/approvals/safety', none, approvalListSchema),
  approvalCounts: rel('GET', '/approval/', none, approvalCountsSchema),
  getApproval: rel('GET', '/approvals/:approvalID', none, approvalSchema),
  approve: rel('POST', '/approvals/:approvalID/approve', approveBodySchema, approvalSchema),
  deny: rel('POST', '/approvals/:approvalID/deny', denyBodySchema, approvalSchema),
  escalate: rel('POST', '/approvals/:approvalID/escalate', escalateBodySchema, approvalSchema),
  cancelApproval: rel('PATCH', '/approvals/:approvalID/cancel', none, travelSchema),
  remind: rel('PATCH', '/approvals/:approvalID/remind', none, messageResultSchema),
  /** The e-mailed one-click answer: what its token grants, then the answer itself (no session). */
  oneClickApproval: rel('GET', '/approval/one-click/:token', none, oneClickSchema),
  answerOneClick: rel('POST', '/approval/one-click/:token', oneClickBodySchema, approvalSchema),
  // Rail exchange (spec 2 §2 "Exchange journey screen", §7): a product's sections, a search per section, a booking per choice, its confirmation.
  getExchangeableSections: rel('GET', '/products/:productID/sections', none, exchangeSectionsSchema),
  searchExchange: rel('POST', '/products/:productID/sections/:sectionID/exchange/search', exchangeSearchBodySchema, exchangeResultSchema),
  bookExchange: rel('POST', '/products/:productID/sections/:sectionID/exchange/choices/:choiceID/book', none, exchangeOfferSchema),
  confirmExchange: rel('POST', '/products/:productID/exchange/offers/:offerID/confirm', none, exchangeDoneSchema),
  // The agency work queue (contract/agency-queue.ts): the user's `agencyQueue` link, for the agency's staff (the
  // queue takes ?limit=); its staff close a failed booking with a note, and book or release a traveller's options whose
  // deadline is near (If-Match: the travel's version).
  agencyQueue: rel('GET', '/agency/queue', none, agencyQueueSchema),
  /**
   * The customer companies the agency's staff book for (takes ?query=&limit=): the user's link, which only staff have, so it
   * is what tells the web app a user books on behalf of customers. Named after the operation of its entry point (the same path).
   */
  listCustomerCompanies: rel('GET', '/companies/', none, customerCompanySchema.array()),
  closeAgencyTask: rel('POST', '/agency/tasks/:taskID/close', closeTaskBodySchema, agencyTaskSchema),
  confirmHeldOption: rel('POST', '/agency/travels/:travelID/confirm', none, heldOptionResultSchema),
  releaseHeldOptions: rel('POST', '/agency/travels/:travelID/release', none, heldOptionResultSchema),
  // The travel manager's company (contract/company-admin.ts; its entry point GET /companies/:companyID/admin):
  // people (the list takes ?query=&kind=), invitations, guests, (de)activation, entities, analytics, approvers, travel policy.
  companyPeople: rel('GET', '/companies/:companyID/people', none, companyPeopleSchema),
  inviteEmployee: rel('POST', '/companies/:companyID/employees', inviteEmployeeBodySchema, companyPersonSchema),
  resendInvitation: rel('POST', '/companies/:companyID/employees/:userID/invitation', none, companyPersonSchema),
  deactivateUser: rel('POST', '/companies/:companyID/employees/:userID/deactivate', none, companyPersonSchema),
  reactivateUser: rel('POST', '/companies/:companyID/employees/:userID/reactivate', none, companyPersonSchema),
  /** The birthdate is checked against the server's today; the table's bound is the widest. */
  createCompanyGuest: rel('POST', '/companies/:companyID/guests', createGuestBodySchema('9999-12-31'), companyPersonSchema),
  deactivateGuest: rel('POST', '/companies/:companyID/guests/:guestID/deactivate', none, companyPersonSchema),
  reactivateGuest: rel('POST', '/companies/:companyID/guests/:guestID/reactivate', none, companyPersonSchema),
  updateEntities: rel('PUT', '/companies/:companyID/entities', updateEntitiesBodySchema, companyAdminSchema),
  updateAnalytics: rel('PUT', '/companies/:companyID/analytics', updateAnalyticsBodySchema, companyAdminSchema),
  updateApprovers: rel('PUT', '/companies/:companyID/approvers', updateApproversBodySchema, companyAdminSchema),
  updateTravelPolicy: rel('PUT', '/companies/:companyID/travel-policy', updateTravelPolicyBodySchema, companyAdminSchema),
  /** The invitee's password, from the e-mailed invitation (GET /user/invitation/:token, no session). */
  acceptInvitation: rel('POST', '/user/invitation/:token', acceptInvitationBodySchema, invitationAcceptedSchema),
  // The agency's administration (contract/agency-admin.ts): the user's `agencyAdmin` link, for the permission agency_admin; its
  // client companies (their entities and rules through the travel manager's rels above), staff, branding, messages and history.
  agencyAdmin: rel('GET', '/agency/admin', none, agencyAdminSchema),
  agencyCompanies: rel('GET', '/agency/admin/companies', none, agencyCompaniesSchema),
  createClientCompany: rel('POST', '/agency/admin/companies', createClientCompanyBodySchema, agencyCompanySchema),
  updateClientCompany: rel('PUT', '/agency/admin/companies/:companyID', updateClientCompanyBodySchema, agencyCompanySchema),
  inviteTravelManager: rel('POST', '/agency/admin/companies/:companyID/travel-managers', inviteTravelManagerBodySchema, agencyCompanySchema),
  /** The client secret is write-only: the answer says whether one is set, never which. */
  updateCompanySso: rel('PUT', '/agency/admin/companies/:companyID/sso', updateCompanySsoBodySchema, agencyCompanySchema),
  agencyStaff: rel('GET', '/agency/admin/staff', none, agencyStaffSchema),
  inviteStaff: rel('POST', '/agency/admin/staff', inviteStaffBodySchema, staffMemberSchema),
  deactivateStaff: rel('POST', '/agency/admin/staff/:userID/deactivate', none, staffMemberSchema),
  updateBranding: rel('PUT', '/agency/admin/branding', updateBrandingBodySchema, agencyAdminSchema),
  agencyMessages: rel('GET', '/agency/admin/messages', none, agencyMessagesSchema),
  createAgencyMessage: rel('POST', '/agency/admin/messages', agencyMessageBodySchema, agencyMessagesSchema),
  updateAgencyMessage: rel('PUT', '/agency/admin/messages/:messageID', agencyMessageBodySchema, agencyMessagesSchema),
  deleteAgencyMessage: rel('DELETE', '/agency/admin/messages/:messageID', none, agencyMessagesSchema),
  agencyHistory: rel('GET', '/agency/admin/history', none, agencyHistorySchema),
  // The dashboard (spec 3 §7 `GET stats/travels`, contract/stats.ts): links of the user; both take ?beginPeriod=&endPeriod= (ISO days).
  travelStats: rel('GET', '/stats/travels', none, travelStatsSchema),
  companyTravelStats: rel('GET', '/companies/:companyID/stats/travels', none, travelStatsSchema),
  // The user's identity documents (spec 3 §7, contract/documents.ts): the user's `documents` link, then the whole list written at once.
  documents: rel('GET', '/user/documents', none, documentsSchema),
  /** The dates are checked against the server's today on what changed; the table's schema checks the rest. */
  updateDocuments: rel('PUT', '/user/documents', updateDocumentsBodySchema(null), documentsSchema),
  // Loyalty and discount cards (spec 3 §7, contract/loyalty-cards.ts): the user's `userCards` link; the list's links add, replace
  // the whole list (spec's PUT user/cards) and read the card types; each card's links change or delete it. Every write answers the list.
  userCards: rel('GET', '/user/cards', none, userCardsSchema),
  userCardTypes: rel('GET', '/user/cards/types', none, cardTypesSchema),
  putUserCards: rel('PUT', '/user/cards', putCardsBodySchema, userCardsSchema),
  addUserCard: rel('POST', '/user/cards', cardBodySchema, userCardsSchema),
  updateUserCard: rel('PUT', '/user/cards/:cardID', cardBodySchema, userCardsSchema),
  deleteUserCard: rel('DELETE', '/user/cards/:cardID', none, userCardsSchema),
  // The user's saved payment cards: the user's `paymentCards` link; each card's link deletes it, answering the list.
  paymentCards: rel('GET', '/user/payment-cards', none, paymentCardsSchema),
  deletePaymentCard: rel('DELETE', '/user/payment-cards/:paymentCardID', none, paymentCardsSchema),
  // The editable profile (spec 3 §7 `PUT /user/`, contract/profile.ts): If-Match: the user's version; answers a session token and the user.
  updateProfile: rel('PUT', '/user/', profileBodySchema('9999-12-31'), sessionSchema),
  handicapTypes: rel('GET', '/handicap/types', none, handicapTypesSchema),
  wheelchairs: rel('GET', '/handicap/wheelchairs', none, wheelchairsSchema),
  // Privacy and data deletion (spec 3 §7, contract/privacy.ts): links of the user. Deleting the account takes the password.
  privacyPolicy: rel('GET', '/user/privacy-policy', none, privacyPolicySchema),
  deleteOptionalData: rel('DELETE', '/user/optional_data', none, optionalDataDeletedSchema),
  deleteAccount: rel('DELETE', '/user/data', deleteAccountBodySchema, accountDeletedSchema),
} as const satisfies Record<string, RelSpec>;

export type Rel = keyof typeof rels;
export type RelInput<R extends Rel> = z.input<(typeof rels)[R]['input']>;
/** A rel's body as the server's route checked it (defaults applied): what its service takes. */
export type RelBody<R extends Rel> = z.output<(typeof rels)[R]['input']>;
export type RelOutput<R extends Rel> = z.output<(typeof rels)[R]['output']>;

/** The `:name` parameters of a path template. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name extends `${infer Bare}?${string}`
      ? Bare
      : Name
    : never;
export type RelParams<R extends Rel> = Record<ParamsOf<(typeof rels)[R]['path']>, string>;

/** The route path of a rel as Fastify registers it under API_BASE (no query string). */
export const routePath = (r: Rel): string => rels[r].path.split('?')[0]!;

/** A rel's href template split once: its fixed text between parameters (a results answer writes a hundred links). */
const templates = new Map<Rel, { parts: string[]; names: string[] }>();
const templateOf = (r: Rel) => {
  let template = templates.get(r);
  if (!template) {
    const pieces = (API_BASE + rels[r].path).split(/:(\w+)/);
    templates.set(r, (template = { parts: pieces.filter((_, i) => i % 2 === 0), names: pieces.filter((_, i) => i % 2 === 1) }));
  }
  return template;
};

/** The link to `rel` with its parameters filled in (URL-encoded). */
export function linkTo<R extends Rel>(r: R, ...[params]: keyof RelParams<R> extends never ? [] : [RelParams<R>]): Link {
  const { parts, names } = templateOf(r);
  const values = (params ?? {}) as Record<string, string>;
  let href = parts[0]!;
  for (let i = 0; i < names.length; i++) {
    const value = values[names[i]!];
    if (value === undefined) throw new Error(`linkTo(${r}): missing parameter ${names[i]}`);
    href += encodeURIComponent(value) + parts[i + 1]!;
  }
  return { href, method: rels[r].method };
}

/** The rel whose method and path template match a link (the API tests check every link the server writes). */
export function relsMatching(link: Link): Rel[] {
  const [path = '', query] = link.href.slice(API_BASE.length).split('?');
  return (Object.keys(rels) as Rel[]).filter((r) => {
    const spec = rels[r];
    const [template = '', templateQuery] = spec.path.split('?');
    if (!link.href.startsWith(API_BASE) || spec.method !== link.method || (templateQuery ?? '') !== (query ?? '')) return false;
    const pattern = new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '[^/]+')}$`);
    return pattern.test(path);
  });
}
