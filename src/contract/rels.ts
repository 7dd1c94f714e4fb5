import { z } from 'zod';
import { API_BASE } from './link';
import type { HttpMethod, Link } from './link';
import { okSchema } from './envelope';
import { logoutResultSchema, messageResultSchema, userSchema } from './account';
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
import { agencyTaskSchema, cancelBodySchema, cancelResultSchema, completeTaskBodySchema, refundPreviewSchema } from './cancellation';
import {
  analyticsFormSchema,
  approversSchema,
  confirmBodySchema,
  fillAnalyticsBodySchema,
  fillApproversBodySchema,
  missionOrdersSchema,
  patchMissionOrdersBodySchema,
  stepSavedSchema,
  travelSchema,
} from './travel';
import { exchangeDoneSchema, exchangeOfferSchema, exchangeResultSchema, exchangeSearchBodySchema, exchangeSectionsSchema } from './exchange';
import { fareConditionsSchema, moreChoicesSchema, pageBodySchema, travelerStepBodySchema, travelerStepSchema, tripResultsSchema } from './trip';

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
  // Cancellation (spec 2 §4 "Cancel product modal", §7, issue 13): the refund preview of a booked product, then its cancel (one or several products).
  previewRefund: rel('GET', '/products/:productID/refund-preview', none, refundPreviewSchema),
  cancelProduct: rel('POST', '/treep/cancel', cancelBodySchema, cancelResultSchema),
  /** Agency staff answer an offline cancellation (the task of GET /agency/tasks). */
  completeAgencyTask: rel('POST', '/agency/tasks/:taskID/complete', completeTaskBodySchema, agencyTaskSchema),
  /** A booked travel's legs as an iCalendar file (text/calendar, no JSON `result`): a read, downloaded as is. */
  calendar: rel('GET', '/v2/travels/:travelID/calendar.ics', none, none),
  // The user's private calendar feed (issue 13): GET /calendar/subscription (an entry point) carries these.
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
} as const satisfies Record<string, RelSpec>;

export type Rel = keyof typeof rels;
export type RelInput<R extends Rel> = z.input<(typeof rels)[R]['input']>;
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

/** The link to `rel` with its parameters filled in (URL-encoded). */
export function linkTo<R extends Rel>(r: R, ...[params]: keyof RelParams<R> extends never ? [] : [RelParams<R>]): Link {
  const spec = rels[r];
  const values = (params ?? {}) as Record<string, string>;
  const path = spec.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`linkTo(${r}): missing parameter ${name}`);
    return encodeURIComponent(value);
  });
  return { href: API_BASE + path, method: spec.method };
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
