// Over 500 lines on purpose: one table of every id-taking input of the API (generated from the OpenAPI
// description) with the rows each needs, and what each agency's people see of the other's, both ways.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, type Api } from '../support/api';
import { addSecondAgency, SECOND_API_KEY } from '../factories/second-agency';
import { signupBody } from '../factories/account';
import { rels } from '@contract/rels';
import { loadConfig } from '@server/config';
import { agencies, agencyTasks, companies, travelProducts } from '@server/db/schema';
import { choiceId, offerId } from '@server/domain/trip';
import { issueLoginToken } from '@server/features/account/service';
import { issueEmailChangeToken } from '@server/db/user-tokens';
import { alicesFields, approvalWorld, askApproval } from '@server/features/approvals/approvals.fixtures';
import { newToken } from '@server/platform/secrets';
import type { TripData } from '@server/domain/product';
import { CARDS, gusTravel, payByCard, tokenize } from '../support/card-payment';

/**
 * No caller reaches another agency's data by its id (a travel agent once listed another agency's
 * company employees with `GET /users/?company_id=`). Here every input of the API that takes an id (found in the OpenAPI
 * description, so a new one cannot be forgotten) is given agency A's ids by callers of agency B:
 * each answer is the one an id that exists nowhere gets (404 where the route looks something up),
 * and A's resources are untouched. A is the demo's Escale Voyages, B the demo's Alpine Business Travel
 * (db/seed.ts; test/factories/second-agency.ts adds what the tests need beyond the demo). The
 * last block checks what each agency's people see of the other's: users, companies, travels, approvals,
 * comms, branding and searches, both ways.
 */

/** The ids a row fills in: agency A's, or made-up ones of the same shape. */
type Ids = {
  companyId: string;
  entityId: string;
  userId: string;
  guestId: string;
  travelId: string;
  productId: string;
  approvalId: string;
  searchId: string;
  choiceId: string;
  offerId: string;
  /** Of a search made signed out (visible to the whole agency that made it). */
  publicChoiceId: string;
  oneClickToken: string;
  /** Agency A's own agency task (an offline cancellation its staff handle). */
  taskId: string;
  /** The product's section (its journey) and an exchange choice and offer of the same shape. */
  sectionId: string;
  exchangeChoiceId: string;
  exchangeOfferId: string;
  loginToken: string;
  emailChangeToken: string;
  activationToken: string;
  resetToken: string;
  /** An employee's invitation, e-mailed by Acme's travel manager. */
  invitationToken: string;
  /** An expert itinerary and an offer of its journey. */
  expertId: string;
  expertOfferId: string;
  /** One of alice's loyalty and discount cards. */
  cardId: string;
  /** A new user's first-login onboarding token, with the username it goes with. */
  onboardingToken: string;
  onboardingUsername: string;
  /** Gus's saved payment card, the token of the card it stands for, and a card payment of his waiting for the bank. */
  paymentCardId: string;
  cardToken: string;
  paymentId: string;
  /** The travel of that payment. */
  paymentTravelId: string;
  /** One of the agency's messages to its travellers (GET /comms). */
  messageId: string;
};
type Request = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: object };
/**
 * Agency B's callers: ivan (employee of Initech), vera (travel agent), olga (Initech's approver), and
 * for the company's administration alone, tom (Initech's travel manager); for the agency's, abel (its administrator).
 */
type Caller = 'ivan' | 'vera' | 'olga' | 'tom' | 'abel';
/**
 * `op` and `input` as the OpenAPI description names them; `expect`: the status each caller gets
 * (a row that needs ivan's own search or travel around the id is for him alone). Someone signed
 * out with agency B's key is asked too, and must also get what a made-up id gets.
 */
type Row = { op: string; input: string; expect: Partial<Record<Caller, number>>; request: (ids: Ids) => Request };
const everyone = (status: number) => ({ ivan: status, vera: status, olga: status });

let api: Api;
let A: Ids;
let X: Ids;
/** Agency B's own things the rows need around A's id. */
let own: {
  offerId: string;
  travelId: string;
  approvalId: string;
  entityId: string;
  olgaId: string;
  remiId: string;
  expertId: string;
  expertOfferId: string;
  companyId: string;
  searchId: string;
  choiceId: string;
  publicChoiceId: string;
  /** A message of agency B's own (abel's). */
  messageId: string;
};
const tokens: Partial<Record<Caller, string>> = {};

const addBody = (offer: string) => ({ choiceIDs: [offer], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: own.entityId });
const searchBody = (extra: Record<string, unknown> = {}) => ({
  origin: 'city:paris',
  destination: 'city:lyon',
  datetime: '2026-11-23T07:00',
  nb_travelers: 1,
  filters: { rail: true, flight: false },
  ...extra,
});

const hotelBody = (extra: Record<string, unknown> = {}) => ({
  checkin_date: '20261124T120000',
  checkout_date: '20261125T120000',
  latitude: 45.76,
  longitude: 4.86,
  radius_km: 2,
  nb_rooms: 1,
  travelers: [{ id: 1 }],
  ...extra,
});
const carBody = (extra: Record<string, unknown> = {}) => ({
  latitude: 45.76,
  longitude: 4.86,
  return_latitude: 45.76,
  return_longitude: 4.86,
  pickup_time: '2026-11-24T10:00',
  return_time: '2026-11-25T10:00',
  ...extra,
});
const carAddBody = (driver: Record<string, unknown>) => ({
  car_rental: {
    id: 'EP-lyon-gare-0_ECMR_EP-lyon-gare-0_20261124T1000_20261125T1000',
    driver: { gender: 'MS', firstname: 'Inès', lastname: 'Faure', email: 'ines@initech.example', phone: '0601020304', birthdate: '1990-01-01', ...driver },
  },
  entity_id: own.entityId,
});

const expertBody = (extra: Record<string, unknown> = {}) => ({
  journeys: [{ origin: 'city:paris', destination: 'city:nice', timeRange: { from: '2026-11-23T07:00' } }],
  travelers: [{ id: 1 }],
  ...extra,
});
const expertAddBody = (offer: string, extra: Record<string, unknown> = {}) => ({
  offerIDs: [offer],
  travelers: [{ travelerID: 1, fields: alicesFields }],
  entity_id: own.entityId,
  ...extra,
});
type ExpertResult = { expertID: string; proposals: { flights: { cabinClasses: { offers: { offerId: string }[] }[] }[] } };
const firstExpertOffer = (r: ExpertResult) => r.proposals.flights[0]!.cabinClasses[0]!.offers[0]!.offerId;

const exchangeSearch = { departure: '2026-11-23T10:00', origin: { lat: 48.84, lon: 2.37 }, destination: { lat: 45.76, lon: 4.86 } };

/** Every caller, the travel manager too: the company administration's rows. */
const staffToo = (status: number) => ({ ...everyone(status), tom: status });
const invite = { gender: 'MR', firstname: 'Zed', lastname: 'Durand', email: 'zed.durand@initech.example', lang: 'fr' };
const guest = { gender: 'MS', firstname: 'Gaëlle', lastname: 'Invitée' };
const noPolicy = { policy: null, text: null };

function companyAdminRows(): Row[] {
  const company = (op: string, method: Request['method'], path: string, body?: object): Row => ({
    op: `${method} /companies/{companyID}${op}`,
    input: 'companyID',
    expect: staffToo(404),
    request: (i) => ({ method, url: `/companies/${i.companyId}${path}`, body }),
  });
  // Tom's own company, another company's person: what an unknown one gets.
  const person = (kind: 'employees' | 'guests', id: 'userID' | 'guestID', action: string): Row => ({
    op: `POST /companies/{companyID}/${kind}/{${id}}/${action}`,
    input: id,
    expect: { tom: 404 },
    request: (i) => ({ method: 'POST', url: `/companies/${own.companyId}/${kind}/${id === 'userID' ? i.userId : i.guestId}/${action}` }),
  });
  return [
    company('/admin', 'GET', '/admin'),
    company('/people', 'GET', '/people'),
    company('/employees', 'POST', '/employees', invite),
    company('/guests', 'POST', '/guests', guest),
    company('/entities', 'PUT', '/entities', { entities: [] }),
    company('/analytics', 'PUT', '/analytics', { fields: [] }),
    company('/approvers', 'PUT', '/approvers', { mode: 'never', chooseApprover: false, approvers: [] }),
    company('/travel-policy', 'PUT', '/travel-policy', noPolicy),
    ...(['invitation', 'deactivate', 'reactivate'] as const).flatMap((action) => [
      company(`/employees/{userID}/${action}`, 'POST', `/employees/${randomUUID()}/${action}`),
      person('employees', 'userID', action),
    ]),
    ...(['deactivate', 'reactivate'] as const).flatMap((action) => [
      company(`/guests/{guestID}/${action}`, 'POST', `/guests/${randomUUID()}/${action}`),
      person('guests', 'guestID', action),
    ]),
  ];
}

/**
 * The agency's administration: only its administrator passes the permission (403 for everyone else, whatever
 * the id), and another agency's company, person or message is unknown to them (404).
 */
function agencyAdminRows(): Row[] {
  const adminOnly = { ...staffToo(403), abel: 404 };
  const message = { support: 'cart', companyId: null, level: 'info', message: { fr: 'Grève', en: 'Strike' } };
  const row = (op: string, input: string, request: Row['request'], expect: Row['expect'] = adminOnly): Row => ({ op, input, expect, request });
  return [
    row('PUT /agency/admin/companies/{companyID}', 'companyID', (i) => ({
      method: 'PUT',
      url: `/agency/admin/companies/${i.companyId}`,
      body: { name: 'Taken Over', hotelEnabled: true, carrentalEnabled: true, features: {} },
    })),
    row('POST /agency/admin/companies/{companyID}/travel-managers', 'companyID', (i) => ({
      method: 'POST',
      url: `/agency/admin/companies/${i.companyId}/travel-managers`,
      body: { ...invite, email: 'zed.manager@initech.example' },
    })),
    row('PUT /agency/admin/companies/{companyID}/sso', 'companyID', (i) => ({
      method: 'PUT',
      url: `/agency/admin/companies/${i.companyId}/sso`,
      body: { sso: null },
    })),
    row('POST /agency/admin/staff/{userID}/deactivate', 'userID', (i) => ({ method: 'POST', url: `/agency/admin/staff/${i.userId}/deactivate` })),
    row('PUT /agency/admin/messages/{messageID}', 'messageID', (i) => ({ method: 'PUT', url: `/agency/admin/messages/${i.messageId}`, body: message })),
    row('DELETE /agency/admin/messages/{messageID}', 'messageID', (i) => ({ method: 'DELETE', url: `/agency/admin/messages/${i.messageId}` })),
    row('POST /agency/admin/messages', 'companyId', (i) => ({ method: 'POST', url: '/agency/admin/messages', body: { ...message, companyId: i.companyId } })),
    row(
      'PUT /agency/admin/messages/{messageID}',
      'companyId',
      (i) => ({ method: 'PUT', url: `/agency/admin/messages/${own.messageId}`, body: { ...message, companyId: i.companyId } }),
      { abel: 404 },
    ),
  ];
}

const ROWS: Row[] = [
  // Colleagues and guests to book for.
  {
    op: 'GET /users/',
    input: 'company_id',
    expect: { ivan: 200, vera: 404, olga: 200 },
    request: (i) => ({ method: 'GET', url: `/users/?company_id=${i.companyId}` }),
  },
  {
    op: 'GET /user/guests',
    input: 'company_id',
    expect: { ivan: 200, vera: 404, olga: 200 },
    request: (i) => ({ method: 'GET', url: `/user/guests?company_id=${i.companyId}` }),
  },
  { op: 'GET /comms', input: 'entityId', expect: everyone(200), request: (i) => ({ method: 'GET', url: `/comms?entityId=${i.entityId}` }) },
  // Trip search, its pages and offers.
  {
    op: 'POST /treep/search',
    input: 'outward.choiceID',
    expect: everyone(400),
    request: (i) => ({
      method: 'POST',
      url: '/treep/search?version=v2',
      body: searchBody({ outward: { choiceID: i.choiceId }, return_datetime: '2026-11-25T17:00' }),
    }),
  },
  {
    op: 'POST /treep/search',
    input: 'travelID',
    expect: everyone(200),
    request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ travelID: i.travelId }) }),
  },
  {
    op: 'POST /treep/search',
    input: 'customer_id',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ customer_id: i.companyId }) }),
  },
  {
    op: 'POST /treep/search',
    input: 'entity_id',
    expect: everyone(200),
    request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ entity_id: i.entityId }) }),
  },
  {
    op: 'POST /treep/search',
    input: 'travelers.profile_id',
    expect: everyone(200),
    request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ travelers: [{ id: 1, profile_id: i.userId }] }) }),
  },
  {
    op: 'POST /treep/search',
    input: 'travelers.guest_id',
    expect: everyone(200),
    request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ travelers: [{ id: 1, guest_id: i.guestId }] }) }),
  },
  {
    op: 'POST /treep/next',
    input: 'searchID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/treep/next', body: { searchID: i.searchId } }),
  },
  {
    op: 'POST /treep/previous',
    input: 'searchID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/treep/previous', body: { searchID: i.searchId } }),
  },
  {
    op: 'GET /treep/choices/{choiceID}/more',
    input: 'choiceID',
    expect: everyone(400),
    request: (i) => ({ method: 'GET', url: `/treep/choices/${i.choiceId}/more` }),
  },
  {
    op: 'GET /treep/choices/{choiceID}/more',
    input: 'choiceID',
    expect: everyone(400),
    request: (i) => ({ method: 'GET', url: `/treep/choices/${i.publicChoiceId}/more` }),
  },
  {
    op: 'GET /treep/offers/{offerID}/fare-conditions',
    input: 'offerID',
    expect: everyone(400),
    request: (i) => ({ method: 'GET', url: `/treep/offers/${i.offerId}/fare-conditions` }),
  },
  {
    op: 'POST /ticket/travelerForm',
    input: 'choiceIDs',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [i.offerId] } }),
  },
  {
    op: 'POST /ticket/travelerForm',
    input: 'travelers.profile_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, profile_id: i.userId }] } }),
  },
  {
    op: 'POST /ticket/travelerForm',
    input: 'travelers.guest_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, guest_id: i.guestId }] } }),
  },
  {
    op: 'POST /ticket/travelerForm',
    input: 'travelID',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [own.offerId], travelID: i.travelId } }),
  },
  {
    op: 'POST /ticket/placementOptions',
    input: 'choiceIDs',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [i.offerId] } }),
  },
  {
    op: 'POST /ticket/placementOptions',
    input: 'travelers.profile_id',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, profile_id: i.userId }] } }),
  },
  {
    op: 'POST /ticket/placementOptions',
    input: 'travelers.guest_id',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, guest_id: i.guestId }] } }),
  },
  {
    op: 'POST /ticket/placementOptions',
    input: 'travelID',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [own.offerId], travelID: i.travelId } }),
  },
  // The cart.
  {
    op: 'POST /cart/add',
    input: 'choiceIDs',
    expect: { ivan: 400 },
    request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: addBody(i.offerId) }),
  },
  {
    op: 'POST /cart/add',
    input: 'travelID',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), travelID: i.travelId } }),
  },
  {
    op: 'POST /cart/add',
    input: 'entity_id',
    expect: { ivan: 400 },
    request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), entity_id: i.entityId } }),
  },
  {
    op: 'POST /cart/add',
    input: 'customer_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), customer_id: i.companyId } }),
  },
  {
    op: 'POST /cart/add',
    input: 'travelers.profile_id',
    expect: { ivan: 404 },
    request: (i) => ({
      method: 'POST',
      url: '/cart/add?version=v2',
      body: { ...addBody(own.offerId), travelers: [{ travelerID: 1, fields: alicesFields, profile_id: i.userId }] },
    }),
  },
  {
    op: 'POST /cart/add',
    input: 'travelers.guest_id',
    expect: { ivan: 404 },
    request: (i) => ({
      method: 'POST',
      url: '/cart/add?version=v2',
      body: { ...addBody(own.offerId), travelers: [{ travelerID: 1, fields: alicesFields, guest_id: i.guestId }] },
    }),
  },
  {
    op: 'POST /cart/add',
    input: 'ancillaries.offerID',
    expect: { ivan: 400 },
    request: (i) => ({
      method: 'POST',
      url: '/cart/add?version=v2',
      body: { ...addBody(own.offerId), ancillaries: [{ type: 'bike', quantity: 1, offerID: i.offerId }] },
    }),
  },
  // Hotel and car rental: Initech sells both.
  ...(['/hotel/search', '/hotel/search/h-lyon-001'] as const).flatMap((url): Row[] => {
    const op = url === '/hotel/search' ? 'POST /hotel/search' : 'POST /hotel/search/{hotelId}';
    const request = (extra: Record<string, unknown>) => ({ method: 'POST' as const, url, body: hotelBody(extra) });
    return [
      { op, input: 'travelers.profile_id', expect: everyone(404), request: (i) => request({ travelers: [{ id: 1, profile_id: i.userId }] }) },
      { op, input: 'travelers.guest_id', expect: everyone(404), request: (i) => request({ travelers: [{ id: 1, guest_id: i.guestId }] }) },
      { op, input: 'travelID', expect: everyone(404), request: (i) => request({ travelID: i.travelId }) },
      { op, input: 'customer_id', expect: everyone(404), request: (i) => request({ customer_id: i.companyId }) },
      { op, input: 'entity_id', expect: everyone(400), request: (i) => request({ entity_id: i.entityId }) },
    ];
  }),
  {
    op: 'POST /carrental/search',
    input: 'driver.profile_id',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/carrental/search', body: carBody({ driver: { profile_id: i.userId } }) }),
  },
  {
    op: 'POST /carrental/search',
    input: 'driver.guest_id',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/carrental/search', body: carBody({ driver: { guest_id: i.guestId } }) }),
  },
  {
    op: 'POST /carrental/search',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/carrental/search', body: carBody({ travelID: i.travelId }) }),
  },
  {
    op: 'POST /carrental/search',
    input: 'customer_id',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/carrental/search', body: carBody({ customer_id: i.companyId }) }),
  },
  {
    op: 'POST /carrental/search',
    input: 'entity_id',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: '/carrental/search', body: carBody({ entity_id: i.entityId }) }),
  },
  {
    op: 'POST /cart/add',
    input: 'car_rental.driver.profile_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: carAddBody({ profile_id: i.userId }) }),
  },
  {
    op: 'POST /cart/add',
    input: 'car_rental.driver.guest_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: carAddBody({ guest_id: i.guestId }) }),
  },
  // The expert search: ivan has the expert mode (vera and olga are refused it whatever the ids); like
  // the trip search, it searches as if a stranger's travel, company, entity or traveller were not given.
  {
    op: 'POST /expert-search',
    input: 'travelers.profile_id',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/expert-search', body: expertBody({ travelers: [{ id: 1, profile_id: i.userId }] }) }),
  },
  {
    op: 'POST /expert-search',
    input: 'travelers.guest_id',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/expert-search', body: expertBody({ travelers: [{ id: 1, guest_id: i.guestId }] }) }),
  },
  {
    op: 'POST /expert-search',
    input: 'travelID',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/expert-search', body: expertBody({ travelID: i.travelId }) }),
  },
  {
    op: 'POST /expert-search',
    input: 'customer_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: '/expert-search', body: expertBody({ customer_id: i.companyId }) }),
  },
  {
    op: 'POST /expert-search',
    input: 'entity_id',
    expect: { ivan: 200 },
    request: (i) => ({ method: 'POST', url: '/expert-search', body: expertBody({ entity_id: i.entityId }) }),
  },
  ...(['next', 'traveler-form'] as const).flatMap((step): Row[] => [
    {
      op: `POST /expert-search/{expertID}/${step}`,
      input: 'expertID',
      expect: { ivan: 404 },
      request: (i) => ({ method: 'POST', url: `/expert-search/${i.expertId}/${step}`, body: { offerIDs: [i.expertOfferId] } }),
    },
    {
      op: `POST /expert-search/{expertID}/${step}`,
      input: 'offerIDs',
      expect: { ivan: 400 },
      request: (i) => ({ method: 'POST', url: `/expert-search/${own.expertId}/${step}`, body: { offerIDs: [i.expertOfferId] } }),
    },
  ]),
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'expertID',
    expect: { ivan: 400 },
    request: (i) => ({ method: 'POST', url: `/cart/expert/${i.expertId}`, body: expertAddBody(i.expertOfferId) }),
  },
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'offerIDs',
    expect: { ivan: 400 },
    request: (i) => ({ method: 'POST', url: `/cart/expert/${own.expertId}`, body: expertAddBody(i.expertOfferId) }),
  },
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'travelers.profile_id',
    expect: { ivan: 404 },
    request: (i) => ({
      method: 'POST',
      url: `/cart/expert/${own.expertId}`,
      body: expertAddBody(own.expertOfferId, { travelers: [{ travelerID: 1, fields: alicesFields, profile_id: i.userId }] }),
    }),
  },
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'travelers.guest_id',
    expect: { ivan: 404 },
    request: (i) => ({
      method: 'POST',
      url: `/cart/expert/${own.expertId}`,
      body: expertAddBody(own.expertOfferId, { travelers: [{ travelerID: 1, fields: alicesFields, guest_id: i.guestId }] }),
    }),
  },
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'travelID',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: `/cart/expert/${own.expertId}`, body: expertAddBody(own.expertOfferId, { travelID: i.travelId }) }),
  },
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'customer_id',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: `/cart/expert/${own.expertId}`, body: expertAddBody(own.expertOfferId, { customer_id: i.companyId }) }),
  },
  {
    op: 'POST /cart/expert/{expertID}',
    input: 'entity_id',
    expect: { ivan: 400 },
    request: (i) => ({ method: 'POST', url: `/cart/expert/${own.expertId}`, body: expertAddBody(own.expertOfferId, { entity_id: i.entityId }) }),
  },
  // A travel and its checkout.
  { op: 'GET /v2/travels/{travelID}', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}` }) },
  { op: 'DELETE /v2/travels/{travelID}', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'DELETE', url: `/v2/travels/${i.travelId}` }) },
  {
    op: 'POST /v2/travels/{travelID}/confirm',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/confirm`, body: {} }),
  },
  {
    op: 'POST /v2/travels/{travelID}/approval',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/approval` }),
  },
  {
    op: 'POST /v2/travels/{travelID}/products/{productID}/release',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/products/${i.productId}/release` }),
  },
  {
    op: 'POST /v2/travels/{travelID}/products/{productID}/release',
    input: 'productID',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: `/v2/travels/${own.travelId}/products/${i.productId}/release` }),
  },
  {
    op: 'GET /v2/travels/{travelID}/calendar.ics',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/calendar.ics` }),
  },
  {
    op: 'GET /v2/travels/{travelID}/analytics',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/analytics` }),
  },
  {
    op: 'PATCH /v2/travels/{travelID}/analytics',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'PATCH', url: `/v2/travels/${i.travelId}/analytics`, body: { fields: [] } }),
  },
  {
    op: 'GET /v2/travels/{travelID}/mission-orders',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/mission-orders` }),
  },
  {
    op: 'PATCH /v2/travels/{travelID}/mission-orders',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({
      method: 'PATCH',
      url: `/v2/travels/${i.travelId}/mission-orders`,
      body: [{ travelerId: 1, purpose: 'Audit', location: 'Lyon', startLocation: 'Paris', endLocation: 'Lyon' }],
    }),
  },
  {
    op: 'GET /v2/travels/{travelID}/approvers',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/approvers` }),
  },
  {
    op: 'PATCH /v2/travels/{travelID}/approvers',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'PATCH', url: `/v2/travels/${i.travelId}/approvers`, body: { approver: i.userId } }),
  },
  // Agency A's approver named on agency B's own travel: not one of its approvers (spec code 68, 403).
  {
    op: 'PATCH /v2/travels/{travelID}/approvers',
    input: 'approver',
    expect: { ivan: 403 },
    request: (i) => ({ method: 'PATCH', url: `/v2/travels/${own.travelId}/approvers`, body: { approver: i.userId } }),
  },
  {
    op: 'PATCH /v2/travels/{travelID}/approvers',
    input: 'emergencyApprover',
    expect: { ivan: 403 },
    request: (i) => ({ method: 'PATCH', url: `/v2/travels/${own.travelId}/approvers`, body: { approver: own.olgaId, emergencyApprover: i.userId } }),
  },
  // Approval requests.
  { op: 'GET /approvals/{approvalID}', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/approvals/${i.approvalId}` }) },
  {
    op: 'POST /approvals/{approvalID}/approve',
    input: 'approvalID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/approvals/${i.approvalId}/approve`, body: {} }),
  },
  {
    op: 'POST /approvals/{approvalID}/deny',
    input: 'approvalID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/approvals/${i.approvalId}/deny`, body: { reason: 'No' } }),
  },
  {
    op: 'POST /approvals/{approvalID}/escalate',
    input: 'approvalID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/approvals/${i.approvalId}/escalate`, body: {} }),
  },
  // Agency A's approver named in agency B's own request: not one of its chain (68, 403), where rémi is.
  {
    op: 'POST /approvals/{approvalID}/escalate',
    input: 'approver',
    expect: { olga: 403 },
    request: (i) => ({ method: 'POST', url: `/approvals/${own.approvalId}/escalate`, body: { approver: i.userId } }),
  },
  {
    op: 'PATCH /approvals/{approvalID}/cancel',
    input: 'approvalID',
    expect: everyone(404),
    request: (i) => ({ method: 'PATCH', url: `/approvals/${i.approvalId}/cancel` }),
  },
  {
    op: 'PATCH /approvals/{approvalID}/remind',
    input: 'approvalID',
    expect: everyone(404),
    request: (i) => ({ method: 'PATCH', url: `/approvals/${i.approvalId}/remind` }),
  },
  {
    op: 'GET /approval/one-click/{token}',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'GET', url: `/approval/one-click/${i.oneClickToken}` }),
  },
  {
    op: 'POST /approval/one-click/{token}',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: `/approval/one-click/${i.oneClickToken}`, body: {} }),
  },
  // Bookings, cancellation and exchange.
  { op: 'GET /tickets/', input: 'creator_id', expect: everyone(403), request: (i) => ({ method: 'GET', url: `/tickets/?creator_id=${i.userId}` }) },
  {
    op: 'GET /products/{productID}/refund-preview',
    input: 'productID',
    expect: everyone(404),
    request: (i) => ({ method: 'GET', url: `/products/${i.productId}/refund-preview` }),
  },
  {
    op: 'POST /treep/cancel',
    input: 'ticket_ids',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: '/treep/cancel', body: { ticket_ids: [i.productId], void: false, previews: [] } }),
  },
  {
    op: 'POST /treep/cancel',
    input: 'previews.product_id',
    expect: everyone(404),
    request: (i) => ({
      method: 'POST',
      url: '/treep/cancel',
      body: {
        ticket_ids: [i.productId],
        void: false,
        previews: [{ product_id: i.productId, refund_total: 0, confirm_refund_date_limit: '2026-11-23T00:00:00Z' }],
      },
    }),
  },
  // Only agency staff answer tasks (403 for the others), and only their own agency's (404).
  {
    op: 'POST /agency/tasks/{taskID}/complete',
    input: 'taskID',
    expect: { ivan: 403, vera: 404, olga: 403 },
    request: (i) => ({ method: 'POST', url: `/agency/tasks/${i.taskId}/complete`, body: { refund: 0, fees: 0 } }),
  },
  // The agency work queue: its staff close failed bookings and book or release options, of their own agency only.
  {
    op: 'POST /agency/tasks/{taskID}/close',
    input: 'taskID',
    expect: { ivan: 403, vera: 404, olga: 403 },
    request: (i) => ({ method: 'POST', url: `/agency/tasks/${i.taskId}/close`, body: { note: 'Called the traveller' } }),
  },
  {
    op: 'POST /agency/travels/{travelID}/confirm',
    input: 'travelID',
    expect: { ivan: 403, vera: 404, olga: 403 },
    request: (i) => ({ method: 'POST', url: `/agency/travels/${i.travelId}/confirm` }),
  },
  {
    op: 'POST /agency/travels/{travelID}/release',
    input: 'travelID',
    expect: { ivan: 403, vera: 404, olga: 403 },
    request: (i) => ({ method: 'POST', url: `/agency/travels/${i.travelId}/release` }),
  },
  { op: 'GET /products/{productID}', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/products/${i.productId}` }) },
  {
    op: 'GET /products/{productID}/sections',
    input: 'productID',
    expect: everyone(404),
    request: (i) => ({ method: 'GET', url: `/products/${i.productId}/sections` }),
  },
  {
    op: 'POST /products/{productID}/sections/{sectionID}/exchange/search',
    input: 'productID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/search`, body: exchangeSearch }),
  },
  {
    op: 'POST /products/{productID}/sections/{sectionID}/exchange/search',
    input: 'sectionID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/search`, body: exchangeSearch }),
  },
  {
    op: 'POST /products/{productID}/sections/{sectionID}/exchange/choices/{choiceID}/book',
    input: 'productID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/choices/${i.exchangeChoiceId}/book` }),
  },
  {
    op: 'POST /products/{productID}/sections/{sectionID}/exchange/choices/{choiceID}/book',
    input: 'sectionID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/choices/${i.exchangeChoiceId}/book` }),
  },
  {
    op: 'POST /products/{productID}/sections/{sectionID}/exchange/choices/{choiceID}/book',
    input: 'choiceID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/choices/${i.exchangeChoiceId}/book` }),
  },
  {
    op: 'POST /products/{productID}/exchange/offers/{offerID}/confirm',
    input: 'productID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/exchange/offers/${i.exchangeOfferId}/confirm` }),
  },
  {
    op: 'POST /products/{productID}/exchange/offers/{offerID}/confirm',
    input: 'offerID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/products/${i.productId}/exchange/offers/${i.exchangeOfferId}/confirm` }),
  },
  // The travel manager's company: only its own travel manager reaches it (404 for another company, 403 for
  // the others of his), and a person or guest of another company is unknown in his. Tom's own company never changes here.
  ...companyAdminRows(),
  // The agency's administration.
  ...agencyAdminRows(),
  // The company's dashboard: its travel manager's alone.
  {
    op: 'GET /companies/{companyID}/stats/travels',
    input: 'companyID',
    expect: staffToo(404),
    request: (i) => ({ method: 'GET', url: `/companies/${i.companyId}/stats/travels` }),
  },
  // Each user's own loyalty and discount cards.
  {
    op: 'PUT /user/cards/{cardID}',
    input: 'cardID',
    expect: everyone(404),
    request: (i) => ({ method: 'PUT', url: `/user/cards/${i.cardId}`, body: { cardtype_id: 'af-flying-blue', cardnumber: '0741852966' } }),
  },
  { op: 'DELETE /user/cards/{cardID}', input: 'cardID', expect: everyone(404), request: (i) => ({ method: 'DELETE', url: `/user/cards/${i.cardId}` }) },
  // Card payment: a travel's, with a saved card or a new card's token of someone else's; a payment waiting for the bank; saved cards.
  {
    op: 'POST /v2/travels/{travelID}/card-payment',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/card-payment`, body: { cardToken: i.cardToken } }),
  },
  {
    op: 'POST /v2/travels/{travelID}/card-payment',
    input: 'paymentCardID',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: `/v2/travels/${own.travelId}/card-payment`, body: { paymentCardID: i.paymentCardId } }),
  },
  {
    op: 'POST /v2/travels/{travelID}/card-payment',
    input: 'cardToken',
    expect: { ivan: 400 },
    request: (i) => ({ method: 'POST', url: `/v2/travels/${own.travelId}/card-payment`, body: { cardToken: i.cardToken } }),
  },
  {
    op: 'POST /v2/travels/{travelID}/card-payment/{paymentID}/confirm',
    input: 'travelID',
    expect: everyone(404),
    request: (i) => ({ method: 'POST', url: `/v2/travels/${i.paymentTravelId}/card-payment/${i.paymentId}/confirm` }),
  },
  {
    op: 'POST /v2/travels/{travelID}/card-payment/{paymentID}/confirm',
    input: 'paymentID',
    expect: { ivan: 404 },
    request: (i) => ({ method: 'POST', url: `/v2/travels/${own.travelId}/card-payment/${i.paymentId}/confirm` }),
  },
  {
    op: 'DELETE /user/payment-cards/{paymentCardID}',
    input: 'paymentCardID',
    expect: everyone(404),
    request: (i) => ({ method: 'DELETE', url: `/user/payment-cards/${i.paymentCardId}` }),
  },
  // E-mailed account tokens.
  { op: 'POST /user/login', input: 'token', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/user/login', body: { token: i.loginToken } }) },
  { op: 'GET /sso/', input: 'token', expect: everyone(400), request: (i) => ({ method: 'GET', url: `/sso/?type=sandbox&token=${i.loginToken}` }) },
  {
    op: 'POST /user/confirm',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: '/user/confirm', body: { token: i.activationToken } }),
  },
  {
    op: 'POST /user/regenerate',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: '/user/regenerate', body: { token: i.activationToken } }),
  },
  {
    op: 'POST /user/email/confirm',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: '/user/email/confirm', body: { token: i.emailChangeToken } }),
  },
  {
    op: 'PUT /user/password',
    input: 'token_pwd',
    expect: everyone(400),
    request: (i) => ({ method: 'PUT', url: '/user/password', body: { token_pwd: i.resetToken, password: 'Taken0ver!' } }),
  },
  {
    op: 'GET /user/onboarding/data',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'GET', url: `/user/onboarding/data?${new URLSearchParams({ token: i.onboardingToken, username: i.onboardingUsername })}` }),
  },
  {
    op: 'DELETE /user/onboarding/data',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'DELETE', url: `/user/onboarding/data?${new URLSearchParams({ token: i.onboardingToken, username: i.onboardingUsername })}` }),
  },
  {
    op: 'GET /user/invitation/{token}',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'GET', url: `/user/invitation/${i.invitationToken}` }),
  },
  {
    op: 'POST /user/invitation/{token}',
    input: 'token',
    expect: everyone(400),
    request: (i) => ({ method: 'POST', url: `/user/invitation/${i.invitationToken}`, body: { password: 'Taken0ver!' } }),
  },
];

/** Inputs named like ids that name nothing of an agency. */
const NOT_IDS = new Set([
  // Card types are reference data, the same for every agency.
  'POST /treep/search travelers.cards.cardtype_id',
  'POST /ticket/travelerForm travelers.cards.cardtype_id',
  'POST /ticket/placementOptions travelers.cards.cardtype_id',
  'POST /cart/add travelers.cards.cardtype_id',
  'POST /hotel/search travelers.cards.cardtype_id',
  'POST /hotel/search/{hotelId} travelers.cards.cardtype_id',
  // Places, hotels, room offers and cars are the supplier's reference data, the same for every agency.
  'POST /hotel/search place_id',
  'POST /hotel/search/{hotelId} place_id',
  'POST /hotel/search/{hotelId} hotelId',
  'POST /carrental/search pickup_place_id',
  'POST /carrental/search return_place_id',
  'POST /cart/add hotel_id',
  'POST /cart/add room_offer_travelers.room_offer_id',
  'POST /expert-search travelers.cards.cardtype_id',
  'POST /cart/expert/{expertID} travelers.cards.cardtype_id',
  'POST /user/cards cardtype_id',
  'PUT /user/cards user_cards.cardtype_id',
  'PUT /user/cards/{cardID} cardtype_id',
  // The company's client id at its identity provider: the provider's name for Escale, not an id of an agency's.
  'PUT /agency/admin/companies/{companyID}/sso sso.clientId',
  // Whether the invited employee approves (a yes or no, named like the approver fields).
  'POST /companies/{companyID}/employees approver',
  // A traveller's position in the travel.
  'PATCH /v2/travels/{travelID}/mission-orders travelerId',
  'POST /cart/add travelers.travelerID',
  'POST /cart/expert/{expertID} travelers.travelerID',
]);
const ID_NAME = /(ID|IDs|Id|_id)$|^token(_pwd)?$|^(approver|emergencyApprover)$/;

beforeAll(async () => {
  api = await startApi();
  const b = await addSecondAgency(api.db);
  const signInB = async (username: string) => {
    const res = await api.call('POST', '/api/v1/user/login', { body: { username, password: 'Escale2026!' }, apiKey: SECOND_API_KEY });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.token as string;
  };
  [tokens.ivan, tokens.vera, tokens.olga, tokens.tom, tokens.abel] = await Promise.all([
    signInB('ivan'),
    signInB('vera'),
    signInB('olga'),
    signInB('tom'),
    signInB('abel'),
  ]);

  // Agency A (the demo): alice's travel sent to bob, her searches (signed in and out), her guest, e-mailed tokens.
  const world = await approvalWorld(api);
  const asked = await askApproval(api, world);
  const [product] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, asked.travelId));
  const [acme] = await api.db.select().from(companies).where(eq(companies.name, 'Acme Industries'));
  const search = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(), token: world.alice.token })).body.result;
  const publicSearch = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody() })).body.result;
  const guests = (await api.call('GET', '/api/v1/user/guests', { token: world.alice.token })).body.result as { uid: string }[];
  const oneClick = /one-click\?token=([A-Za-z0-9_-]+)/.exec((await api.lastMail(world.bob.user.email))!.text)![1]!;
  const alicesExpert = (await api.call('POST', '/api/v1/expert-search', { body: expertBody(), token: world.alice.token })).body.result as ExpertResult;
  /** Acme's travel manager (maya) invites an employee: the e-mailed invitation's token. */
  const acmeInvitation = async () => {
    const maya = await api.login('maya');
    const invited = await api.call('POST', `/api/v1/companies/${acme!.id}/employees`, { token: maya, body: { ...invite, email: 'zed.durand@acme.example' } });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    return (await api.lastMail('zed.durand@acme.example'))!.token!;
  };
  const signup = signupBody();
  await api.call('POST', '/api/v1/user/signin', { body: signup });
  // Another new user, activated: the onboarding token its activation answers.
  const onboarded = signupBody();
  await api.call('POST', '/api/v1/user/signin', { body: onboarded });
  const activated = await api.call('POST', '/api/v1/user/confirm', { body: { token: (await api.lastMail(onboarded.email))!.token! } });
  expect(activated.status, JSON.stringify(activated.body)).toBe(200);
  const alicesCards = (await api.call('GET', '/api/v1/user/cards', { token: world.alice.token })).body.result;
  const added = await api.call('POST', alicesCards.links.addUserCard.href, {
    token: world.alice.token,
    body: { cardtype_id: 'af-flying-blue', cardnumber: '0741852966' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  // Gus pays a travel by card, saving it, and leaves another one's payment on the bank's page.
  const gus = await api.login('gus');
  const visa = await tokenize(api, CARDS.visa);
  expect((await payByCard(api, gus, await gusTravel(api, gus), { cardToken: visa, saveCard: true })).status).toBe(200);
  const gusCard = (await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards[0].id as string;
  const waitingTravel = await gusTravel(api, gus, '2026-11-24T07:00');
  const waiting = await payByCard(api, gus, waitingTravel, { cardToken: await tokenize(api, CARDS.threeDS) });
  const waitingPayment = /card-payment\/([0-9a-f-]+)\/confirm$/.exec(waiting.body.result.travel.links.confirmCardPayment.href)![1]!;
  await api.call('POST', '/api/v1/user/forgot', { body: { username: 'gus' } });
  A = {
    companyId: acme!.id,
    entityId: world.alice.user.entities[0]!.uid,
    userId: world.bob.user.uid,
    guestId: guests[0]!.uid,
    travelId: asked.travelId,
    productId: product!.id,
    approvalId: asked.approvalId,
    searchId: search.searchID,
    choiceId: search.proposals[0].choices[0].id,
    offerId: search.proposals[0].offers[0].id,
    publicChoiceId: publicSearch.proposals[0].choices[0].id,
    oneClickToken: oneClick,
    taskId: (
      await api.db
        .insert(agencyTasks)
        .values({ agencyId: acme!.agencyId, kind: 'cancellation', travelId: asked.travelId, productIds: [product!.id], requesterId: world.alice.user.uid })
        .returning()
    )[0]!.id,
    sectionId: (product!.data as TripData).journey.id,
    exchangeChoiceId: `${randomUUID()}.0.second.0`,
    exchangeOfferId: randomUUID(),
    loginToken: await issueLoginToken({ db: api.db, clock: api.clock, config: loadConfig({}) }, world.alice.user.uid),
    activationToken: (await api.lastMail(signup.email))!.token!,
    resetToken: (await api.lastMail('gus@globex.example'))!.token!,
    emailChangeToken: await issueEmailChangeToken({ db: api.db, clock: api.clock }, world.alice.user.uid, 'alice.elsewhere@acme.example'),
    invitationToken: await acmeInvitation(),
    expertId: alicesExpert.expertID,
    expertOfferId: firstExpertOffer(alicesExpert),
    cardId: added.body.result.cards[0].uid,
    onboardingToken: activated.body.result.onboarding.token,
    onboardingUsername: onboarded.username,
    paymentCardId: gusCard,
    cardToken: visa,
    paymentId: waitingPayment,
    paymentTravelId: waitingTravel.id,
    messageId: (await api.db.select().from(agencies).where(eq(agencies.id, acme!.agencyId)))[0]!.communications[0]!.id,
  };
  const searchId = randomUUID();
  X = {
    companyId: randomUUID(),
    entityId: randomUUID(),
    userId: randomUUID(),
    guestId: randomUUID(),
    travelId: randomUUID(),
    productId: randomUUID(),
    approvalId: randomUUID(),
    searchId,
    choiceId: choiceId(searchId, 0, 'second'),
    offerId: offerId(searchId, 0, 'second', 0),
    publicChoiceId: choiceId(randomUUID(), 0, 'second'),
    oneClickToken: newToken(),
    taskId: randomUUID(),
    sectionId: (product!.data as TripData).journey.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    exchangeChoiceId: `${randomUUID()}.0.second.0`,
    exchangeOfferId: randomUUID(),
    loginToken: newToken(),
    emailChangeToken: newToken(),
    activationToken: newToken(),
    resetToken: newToken(),
    expertId: randomUUID().replaceAll('-', ''),
    expertOfferId: firstExpertOffer(alicesExpert).replace(/^[0-9a-f]{32}/, randomUUID().replaceAll('-', '')),
    invitationToken: newToken(),
    cardId: randomUUID(),
    onboardingToken: newToken(),
    onboardingUsername: onboarded.username,
    paymentCardId: randomUUID(),
    cardToken: `tok_${newToken().slice(0, 24)}`,
    paymentId: randomUUID(),
    paymentTravelId: randomUUID(),
    messageId: randomUUID(),
  };

  // Agency B: ivan's own search, a travel in his cart, and one sent to olga for approval.
  const mine = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(), token: tokens.ivan, apiKey: SECOND_API_KEY })).body.result;
  const offers = mine.proposals[0].offers as { id: string }[];
  const addOwn = async () => {
    const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offers[0]!.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: b.entity.id },
      token: tokens.ivan,
      apiKey: SECOND_API_KEY,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.travel as { id: string; version: number };
  };
  const cart = await addOwn();
  const sent = await addOwn();
  const asB = { token: tokens.ivan, apiKey: SECOND_API_KEY };
  const filled = await api.call('PATCH', `/api/v1/v2/travels/${sent.id}/approvers`, {
    ...asB,
    body: { approver: b.users.olga.id },
    headers: { 'if-match': String(sent.version) },
  });
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const ready = (await api.call('GET', `/api/v1/v2/travels/${sent.id}`, asB)).body.result;
  const requested = await api.call('POST', `/api/v1/v2/travels/${sent.id}/approval`, { ...asB, headers: { 'if-match': String(ready.version) } });
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  const inbox = (await api.call('GET', '/api/v1/approvals/', { token: tokens.olga, apiKey: SECOND_API_KEY })).body.result as { approvalID: string }[];
  const ivansExpert = (await api.call('POST', '/api/v1/expert-search', { body: expertBody(), token: tokens.ivan, apiKey: SECOND_API_KEY })).body
    .result as ExpertResult;
  const publicB = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(), apiKey: SECOND_API_KEY })).body.result;
  const abelsMessages = await api.call('POST', '/api/v1/agency/admin/messages', {
    token: tokens.abel,
    apiKey: SECOND_API_KEY,
    body: { support: 'search', companyId: null, level: 'info', message: { fr: 'Bienvenue', en: 'Welcome' } },
  });
  expect(abelsMessages.status, JSON.stringify(abelsMessages.body)).toBe(200);
  own = {
    offerId: offers[0]!.id,
    travelId: cart.id,
    approvalId: inbox[0]!.approvalID,
    entityId: b.entity.id,
    olgaId: b.users.olga.id,
    remiId: b.users.remi.id,
    expertId: ivansExpert.expertID,
    expertOfferId: firstExpertOffer(ivansExpert),
    companyId: b.company.id,
    searchId: mine.searchID,
    choiceId: mine.proposals[0].choices[0].id,
    publicChoiceId: publicB.proposals[0].choices[0].id,
    messageId: abelsMessages.body.result.messages.at(-1).id,
  };
});
afterAll(() => api.close());

/** A call with agency B's key, as one of its users or signed out. */
function callAs(caller: Caller | 'signed out', row: Row, ids: Ids) {
  const { method, url, body } = row.request(ids);
  return api.call(method, `/api/v1${url}`, { body, token: caller === 'signed out' ? undefined : tokens[caller], apiKey: SECOND_API_KEY });
}

describe('agency B’s callers and agency A’s ids', () => {
  it('cover every input of the API that takes an id, and every rel with an id in its path', async () => {
    const doc = (await api.call('GET', '/api/docs/json', { apiKey: null })).body;
    const schemas = doc.components.schemas as Record<string, unknown>;
    type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
    const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? (schemas[s.$ref.split('/').pop()!] as Schema) : s);
    const names = (s: Schema | undefined, seen = new Set<Schema>()): string[] => {
      const schema = resolve(s);
      if (!schema || seen.has(schema)) return [];
      seen.add(schema);
      return [
        ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])].flatMap((x) => names(x, seen)),
        ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [key, ...names(value, seen).map((n) => `${key}.${n}`)]),
      ];
    };
    const inputs: string[] = [];
    for (const [path, operations] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
      >,
    ))
      for (const [method, operation] of Object.entries(operations)) {
        const op = `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`;
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => p.name);
        for (const name of [...params, ...names(operation.requestBody?.content['application/json']?.schema)])
          if (ID_NAME.test(name.split('.').pop()!) && !NOT_IDS.has(`${op} ${name}`)) inputs.push(`${op} ${name}`);
      }
    const covered = new Set(ROWS.map((r) => `${r.op} ${r.input}`));
    expect(inputs.filter((i) => !covered.has(i))).toEqual([]);
    const withIds = Object.values(rels)
      .filter((r) => r.path.includes(':'))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(withIds.filter((op) => !ROWS.some((r) => r.op === op))).toEqual([]);
  });

  it('the ids are agency A’s own, usable there', async () => {
    const world = await approvalWorld(api);
    expect((await api.call('GET', `/api/v1/v2/travels/${A.travelId}`, { token: world.alice.token })).status).toBe(200);
    expect((await api.call('GET', `/api/v1/approvals/${A.approvalId}`, { token: world.bob.token })).status).toBe(200);
    expect((await api.call('GET', `/api/v1/treep/choices/${A.choiceId}/more`, { token: world.alice.token })).status).toBe(200);
    expect((await api.call('GET', `/api/v1/treep/choices/${A.publicChoiceId}/more`, { token: world.alice.token })).status).toBe(200);
    expect((await api.call('GET', `/api/v1/approval/one-click/${A.oneClickToken}`)).status).toBe(200);
    const tina = await api.login('tina');
    const employees = (await api.call('GET', `/api/v1/users/?company_id=${A.companyId}`, { token: tina })).body.result as { firstname: string }[];
    expect(employees.map((e) => e.firstname)).toContain('Bob');
    const step = await api.call('POST', '/api/v1/ticket/travelerForm', {
      body: { choiceIDs: [A.offerId], travelers: [{ id: 1, profile_id: A.userId }] },
      token: world.alice.token,
    });
    expect(step.body.result.travelerForms[0].fieldsGroups[0].fields.find((f: { name: string }) => f.name === 'firstname').value).toBe('Bob');
  });

  it.each(ROWS.map((r) => [`${r.op} ${r.input}`, r] as const))('%s: answered as for an id that exists nowhere', async (_, row) => {
    const seen = (res: { status: number; body: { api_code?: number } }) => ({ status: res.status, api_code: res.body?.api_code });
    for (const caller of [...(Object.keys(row.expect) as Caller[]), 'signed out' as const]) {
      const [theirs, nobodys] = [await callAs(caller, row, A), await callAs(caller, row, X)];
      const said = `${caller}: ${JSON.stringify(theirs.body).slice(0, 200)}`;
      expect(seen(theirs), said).toEqual(seen(nobodys));
      if (caller !== 'signed out') expect(theirs.status, said).toBe(row.expect[caller]);
    }
  });

  it('take agency B’s own ids where A’s were refused', async () => {
    const escalated = await api.call('POST', `/api/v1/approvals/${own.approvalId}/escalate`, {
      body: { approver: own.remiId },
      token: tokens.olga,
      apiKey: SECOND_API_KEY,
    });
    expect(escalated.status, JSON.stringify(escalated.body)).toBe(200);
    const initech = await api.call('GET', `/api/v1/users/?company_id=${(await api.db.select().from(companies).where(eq(companies.name, 'Initech')))[0]!.id}`, {
      token: tokens.vera,
      apiKey: SECOND_API_KEY,
    });
    expect((initech.body.result as { firstname: string }[]).map((u) => u.firstname).sort()).toEqual(['Ivan', 'Olga', 'Rémi', 'Tom']);
  });

  it('left agency A’s travel and approval request as they were, and its tokens unspent', async () => {
    const world = await approvalWorld(api);
    const travel = (await api.call('GET', `/api/v1/v2/travels/${A.travelId}`, { token: world.alice.token })).body.result;
    expect({ status: travel.status, version: travel.version }).toEqual({ status: 'pending_approval', version: 3 });
    expect((await api.call('GET', `/api/v1/approvals/${A.approvalId}`, { token: world.bob.token })).body.result.status).toBe('pending');
    expect((await api.call('POST', '/api/v1/user/confirm', { body: { token: A.activationToken } })).status).toBe(200);
    expect((await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: A.resetToken, password: 'GusAgain2027' } })).status).toBe(200);
    expect((await api.call('POST', '/api/v1/user/login', { body: { token: A.loginToken } })).status).toBe(200);
    expect((await api.call('GET', `/api/v1/user/invitation/${A.invitationToken}`)).status).toBe(200);
    expect(
      (await api.call('GET', `/api/v1/user/onboarding/data?${new URLSearchParams({ token: A.onboardingToken, username: A.onboardingUsername })}`)).status,
    ).toBe(200);
    const alice = await api.login('alice');
    expect(((await api.call('GET', '/api/v1/user/cards', { token: alice })).body.result.cards as { uid: string }[]).map((c) => c.uid)).toContain(A.cardId);
    // Gus's password was just reset with the e-mailed token above.
    const gus = await api.login('gus', 'GusAgain2027');
    expect(((await api.call('GET', '/api/v1/user/payment-cards', { token: gus })).body.result.cards as { id: string }[]).map((c) => c.id)).toContain(
      A.paymentCardId,
    );
    const waiting = (await api.call('GET', `/api/v1/v2/travels/${A.paymentTravelId}`, { token: gus })).body.result;
    expect(waiting.links.confirmCardPayment.href).toContain(A.paymentId);
  });
});

/**
 * What the people of each demo agency see of the other's, both ways — nothing. Escale's alice
 * (employee), bob (approver) and tina (travel agent) with the demo key; Alpine's ivan, olga and vera with
 * Alpine's. Each answer about the other agency's thing is the one a thing that exists nowhere gets.
 */
describe('Escale Voyages and Alpine Business Travel see nothing of each other', () => {
  const ESCALE = 'demo-agency-key';
  let escale: { alice: string; bob: string; tina: string };
  beforeAll(async () => {
    const world = await approvalWorld(api);
    escale = { alice: world.alice.token, bob: world.bob.token, tina: await api.login('tina') };
  });
  const seen = (res: { status: number; body: { api_code?: number } }) => ({ status: res.status, api_code: res.body?.api_code });
  const asEscale = (who: keyof typeof escale, method: 'GET' | 'POST', url: string, body?: object) =>
    api.call(method, `/api/v1${url}`, { token: escale[who], body });
  const asAlpine = (who: Caller | null, method: 'GET' | 'POST', url: string, body?: object) =>
    api.call(method, `/api/v1${url}`, { token: who ? tokens[who] : undefined, body, apiKey: SECOND_API_KEY });

  it('users: each agency’s users are unknown under the other’s key, and a session serves its own agency only', async () => {
    // From an address of its own, so that these failures meet no sign-in throttle; each unknown name once.
    const login = (username: string, apiKey: string) =>
      api.call('POST', '/api/v1/user/login', { body: { username, password: 'Escale2026!' }, apiKey, remoteAddress: '198.51.100.7' });
    for (const [username, apiKey] of [
      ['ivan', ESCALE],
      ['olga', ESCALE],
      ['vera', ESCALE],
      ['alice', SECOND_API_KEY],
      ['bob', SECOND_API_KEY],
      ['tina', SECOND_API_KEY],
    ] as const) {
      const theirs = seen(await login(username, apiKey));
      expect(theirs, username).toEqual(seen(await login(`nobody-${username}`, apiKey)));
      expect(theirs.status, username).toBe(401);
    }
    expect((await api.call('GET', '/api/v1/user/', { token: tokens.ivan, apiKey: ESCALE })).status).toBe(401);
    expect((await api.call('GET', '/api/v1/user/', { token: escale.alice, apiKey: SECOND_API_KEY })).status).toBe(401);
  });

  it('companies: neither agency’s travel agent finds the other’s customers or their people', async () => {
    expect(seen(await asEscale('tina', 'GET', `/users/?company_id=${own.companyId}`))).toEqual(
      seen(await asEscale('tina', 'GET', `/users/?company_id=${randomUUID()}`)),
    );
    expect(seen(await asAlpine('vera', 'GET', `/users/?company_id=${A.companyId}`))).toEqual(
      seen(await asAlpine('vera', 'GET', `/users/?company_id=${randomUUID()}`)),
    );
    const tinas = (await asEscale('tina', 'GET', `/users/?company_id=${A.companyId}`)).body.result as { uid: string }[];
    expect(tinas.map((u) => u.uid)).not.toContain(own.olgaId);
  });

  it('travels: neither agency’s users read or list the other’s', async () => {
    for (const who of ['alice', 'tina'] as const)
      expect(seen(await asEscale(who, 'GET', `/v2/travels/${own.travelId}`)), who).toEqual(seen(await asEscale(who, 'GET', `/v2/travels/${randomUUID()}`)));
    expect(seen(await asAlpine('ivan', 'GET', `/v2/travels/${A.travelId}`))).toEqual(seen(await asAlpine('ivan', 'GET', `/v2/travels/${randomUUID()}`)));
    const alices = (await asEscale('alice', 'GET', '/v2/travels/')).body.result.travels as { id: string }[];
    expect(alices.map((t) => t.id)).toContain(A.travelId);
    expect(alices.map((t) => t.id)).not.toContain(own.travelId);
    const ivans = (await asAlpine('ivan', 'GET', '/v2/travels/')).body.result.travels as { id: string }[];
    expect(ivans.map((t) => t.id)).toContain(own.travelId);
    expect(ivans.map((t) => t.id)).not.toContain(A.travelId);
  });

  it('approvals: neither agency’s approvers read or list the other’s requests', async () => {
    expect(seen(await asEscale('bob', 'GET', `/approvals/${own.approvalId}`))).toEqual(seen(await asEscale('bob', 'GET', `/approvals/${randomUUID()}`)));
    const bobs = (await asEscale('bob', 'GET', '/approvals/')).body.result as { approvalID: string }[];
    expect(bobs.map((a) => a.approvalID)).toContain(A.approvalId);
    expect(bobs.map((a) => a.approvalID)).not.toContain(own.approvalId);
    const olgas = (await asAlpine('olga', 'GET', '/approvals/')).body.result as { approvalID: string }[];
    expect(olgas.map((a) => a.approvalID)).toContain(own.approvalId);
    expect(olgas.map((a) => a.approvalID)).not.toContain(A.approvalId);
  });

  it('comms: each agency’s messages only, signed in or out', async () => {
    const ids = (res: { body: { result: Record<string, { id: string }[]> } }) =>
      Object.values(res.body.result)
        .flat()
        .map((m) => m.id)
        .sort();
    expect(ids(await api.call('GET', '/api/v1/comms'))).toEqual(['cart-strike']);
    expect(ids(await asEscale('alice', 'GET', '/comms'))).toEqual(['cart-strike']);
    // With the message Alpine's administrator wrote (beforeAll above).
    const alpines = ['cart-snow', 'search-winter', own.messageId].sort();
    expect(ids(await asAlpine(null, 'GET', '/comms'))).toEqual(alpines);
    expect(ids(await asAlpine('ivan', 'GET', '/comms'))).toEqual(alpines);
  });

  it('branding: each key answers its own agency', async () => {
    expect((await api.call('GET', '/api/v1/agency')).body.result).toMatchObject({ name: 'Escale Voyages', supportEmail: 'support@escale-voyages.example' });
    expect((await asAlpine(null, 'GET', '/agency')).body.result).toMatchObject({
      name: 'Alpine Business Travel',
      supportEmail: 'conseil@alpine-business-travel.example',
    });
  });

  it('searches: neither agency pages through or opens the other’s, signed in or out', async () => {
    const otherSearch = randomUUID();
    expect(seen(await asEscale('alice', 'POST', '/treep/next', { searchID: own.searchId }))).toEqual(
      seen(await asEscale('alice', 'POST', '/treep/next', { searchID: otherSearch })),
    );
    expect(seen(await api.call('POST', '/api/v1/treep/next', { body: { searchID: own.searchId } }))).toEqual(
      seen(await api.call('POST', '/api/v1/treep/next', { body: { searchID: otherSearch } })),
    );
    for (const choice of [own.choiceId, own.publicChoiceId]) {
      expect(seen(await asEscale('alice', 'GET', `/treep/choices/${choice}/more`))).toEqual(
        seen(await asEscale('alice', 'GET', `/treep/choices/${choiceId(randomUUID(), 0, 'second')}/more`)),
      );
      expect((await asEscale('alice', 'GET', `/treep/choices/${choice}/more`)).status).toBe(400);
    }
    // Under its own key, Alpine's signed-out search is Alpine's to open.
    expect((await asAlpine('ivan', 'GET', `/treep/choices/${own.publicChoiceId}/more`)).status).toBe(200);
  });
});
