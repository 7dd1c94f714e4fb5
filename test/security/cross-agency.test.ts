import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startApi, type Api } from '../support/api';
import { addSecondAgency, SECOND_API_KEY } from '../factories/second-agency';
import { signupBody } from '../factories/account';
import { rels } from '../../src/contract/rels';
import { loadConfig } from '../../src/server/config';
import { agencyTasks, companies, travelProducts } from '../../src/server/db/schema';
import { choiceId, offerId } from '../../src/server/domain/trip';
import { issueLoginToken } from '../../src/server/features/account/service';
import { alicesFields, approvalWorld, askApproval } from '../../src/server/features/booking/approvals.fixtures';
import { newToken } from '../../src/server/platform/secrets';

/**
 * Issue 12, item 12: a travel agent listed another agency's company employees with
 * `GET /users/?company_id=`. Here every input of the API that takes an id (found in the OpenAPI
 * description, so a new one cannot be forgotten) is given agency A's ids by callers of agency B:
 * each answer is the one an id that exists nowhere gets (404 where the route looks something up),
 * and A's resources are untouched.
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
  activationToken: string;
  resetToken: string;
};
type Request = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: object };
/** Agency B's callers: ines (employee of Initech), olga (travel agent), paul (Initech's approver). */
type Caller = 'ines' | 'olga' | 'paul';
/**
 * `op` and `input` as the OpenAPI description names them; `expect`: the status each caller gets
 * (a row that needs ines's own search or travel around the id is for her alone). Someone signed
 * out with agency B's key is asked too, and must also get what a made-up id gets.
 */
type Row = { op: string; input: string; expect: Partial<Record<Caller, number>>; request: (ids: Ids) => Request };
const everyone = (status: number) => ({ ines: status, olga: status, paul: status });

let api: Api;
let A: Ids;
let X: Ids;
/** Agency B's own things the rows need around A's id. */
let own: { offerId: string; travelId: string; approvalId: string; entityId: string; paulId: string; remiId: string };
const tokens: Partial<Record<Caller, string>> = {};

const addBody = (offer: string) => ({ choiceIDs: [offer], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: own.entityId });
const searchBody = (extra: Record<string, unknown> = {}) => ({ origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false }, ...extra });

const exchangeSearch = { departure: '2026-11-23T10:00', origin: { lat: 48.84, lon: 2.37 }, destination: { lat: 45.76, lon: 4.86 } };

const ROWS: Row[] = [
  // Colleagues and guests to book for.
  { op: 'GET /users/', input: 'company_id', expect: { ines: 200, olga: 404, paul: 200 }, request: (i) => ({ method: 'GET', url: `/users/?company_id=${i.companyId}` }) },
  { op: 'GET /user/guests', input: 'company_id', expect: everyone(200), request: (i) => ({ method: 'GET', url: `/user/guests?company_id=${i.companyId}` }) },
  { op: 'GET /comms', input: 'entityId', expect: everyone(200), request: (i) => ({ method: 'GET', url: `/comms?entityId=${i.entityId}` }) },
  // Trip search, its pages and offers.
  { op: 'POST /treep/search', input: 'outward.choiceID', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ outward: { choiceID: i.choiceId }, return_datetime: '2026-11-25T17:00' }) }) },
  { op: 'POST /treep/search', input: 'travelID', expect: everyone(200), request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ travelID: i.travelId }) }) },
  { op: 'POST /treep/search', input: 'customer_id', expect: everyone(200), request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ customer_id: i.companyId }) }) },
  { op: 'POST /treep/search', input: 'entity_id', expect: everyone(200), request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ entity_id: i.entityId }) }) },
  { op: 'POST /treep/search', input: 'travelers.profile_id', expect: everyone(200), request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ travelers: [{ id: 1, profile_id: i.userId }] }) }) },
  { op: 'POST /treep/search', input: 'travelers.guest_id', expect: everyone(200), request: (i) => ({ method: 'POST', url: '/treep/search?version=v2', body: searchBody({ travelers: [{ id: 1, guest_id: i.guestId }] }) }) },
  { op: 'POST /treep/next', input: 'searchID', expect: everyone(404), request: (i) => ({ method: 'POST', url: '/treep/next', body: { searchID: i.searchId } }) },
  { op: 'POST /treep/previous', input: 'searchID', expect: everyone(404), request: (i) => ({ method: 'POST', url: '/treep/previous', body: { searchID: i.searchId } }) },
  { op: 'GET /treep/choices/{choiceID}/more', input: 'choiceID', expect: everyone(400), request: (i) => ({ method: 'GET', url: `/treep/choices/${i.choiceId}/more` }) },
  { op: 'GET /treep/choices/{choiceID}/more', input: 'choiceID', expect: everyone(400), request: (i) => ({ method: 'GET', url: `/treep/choices/${i.publicChoiceId}/more` }) },
  { op: 'GET /treep/offers/{offerID}/fare-conditions', input: 'offerID', expect: everyone(400), request: (i) => ({ method: 'GET', url: `/treep/offers/${i.offerId}/fare-conditions` }) },
  { op: 'POST /ticket/travelerForm', input: 'choiceIDs', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [i.offerId] } }) },
  { op: 'POST /ticket/travelerForm', input: 'travelers.profile_id', expect: { ines: 404 }, request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, profile_id: i.userId }] } }) },
  { op: 'POST /ticket/travelerForm', input: 'travelers.guest_id', expect: { ines: 404 }, request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, guest_id: i.guestId }] } }) },
  { op: 'POST /ticket/travelerForm', input: 'travelID', expect: { ines: 200 }, request: (i) => ({ method: 'POST', url: '/ticket/travelerForm', body: { choiceIDs: [own.offerId], travelID: i.travelId } }) },
  { op: 'POST /ticket/placementOptions', input: 'choiceIDs', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [i.offerId] } }) },
  { op: 'POST /ticket/placementOptions', input: 'travelers.profile_id', expect: { ines: 200 }, request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, profile_id: i.userId }] } }) },
  { op: 'POST /ticket/placementOptions', input: 'travelers.guest_id', expect: { ines: 200 }, request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [own.offerId], travelers: [{ id: 1, guest_id: i.guestId }] } }) },
  { op: 'POST /ticket/placementOptions', input: 'travelID', expect: { ines: 200 }, request: (i) => ({ method: 'POST', url: '/ticket/placementOptions', body: { choiceIDs: [own.offerId], travelID: i.travelId } }) },
  // The cart.
  { op: 'POST /cart/add', input: 'choiceIDs', expect: { ines: 400 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: addBody(i.offerId) }) },
  { op: 'POST /cart/add', input: 'travelID', expect: { ines: 404 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), travelID: i.travelId } }) },
  { op: 'POST /cart/add', input: 'entity_id', expect: { ines: 400 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), entity_id: i.entityId } }) },
  { op: 'POST /cart/add', input: 'customer_id', expect: { ines: 200 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), customer_id: i.companyId } }) },
  { op: 'POST /cart/add', input: 'travelers.profile_id', expect: { ines: 404 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), travelers: [{ travelerID: 1, fields: alicesFields, profile_id: i.userId }] } }) },
  { op: 'POST /cart/add', input: 'travelers.guest_id', expect: { ines: 404 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), travelers: [{ travelerID: 1, fields: alicesFields, guest_id: i.guestId }] } }) },
  { op: 'POST /cart/add', input: 'ancillaries.offerID', expect: { ines: 400 }, request: (i) => ({ method: 'POST', url: '/cart/add?version=v2', body: { ...addBody(own.offerId), ancillaries: [{ type: 'bike', quantity: 1, offerID: i.offerId }] } }) },
  // A travel and its checkout.
  { op: 'GET /v2/travels/{travelID}', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}` }) },
  { op: 'DELETE /v2/travels/{travelID}', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'DELETE', url: `/v2/travels/${i.travelId}` }) },
  { op: 'POST /v2/travels/{travelID}/confirm', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/confirm`, body: {} }) },
  { op: 'POST /v2/travels/{travelID}/approval', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/approval` }) },
  { op: 'POST /v2/travels/{travelID}/products/{productID}/release', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/v2/travels/${i.travelId}/products/${i.productId}/release` }) },
  { op: 'POST /v2/travels/{travelID}/products/{productID}/release', input: 'productID', expect: { ines: 404 }, request: (i) => ({ method: 'POST', url: `/v2/travels/${own.travelId}/products/${i.productId}/release` }) },
  { op: 'GET /v2/travels/{travelID}/calendar.ics', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/calendar.ics` }) },
  { op: 'GET /v2/travels/{travelID}/analytics', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/analytics` }) },
  { op: 'PATCH /v2/travels/{travelID}/analytics', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'PATCH', url: `/v2/travels/${i.travelId}/analytics`, body: { fields: [] } }) },
  { op: 'GET /v2/travels/{travelID}/mission-orders', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/mission-orders` }) },
  { op: 'PATCH /v2/travels/{travelID}/mission-orders', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'PATCH', url: `/v2/travels/${i.travelId}/mission-orders`, body: [{ travelerId: 1, purpose: 'Audit', location: 'Lyon', startLocation: 'Paris', endLocation: 'Lyon' }] }) },
  { op: 'GET /v2/travels/{travelID}/approvers', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/v2/travels/${i.travelId}/approvers` }) },
  { op: 'PATCH /v2/travels/{travelID}/approvers', input: 'travelID', expect: everyone(404), request: (i) => ({ method: 'PATCH', url: `/v2/travels/${i.travelId}/approvers`, body: { approver: i.userId } }) },
  // Agency A's approver named on agency B's own travel: not one of its approvers (spec code 68, 403).
  { op: 'PATCH /v2/travels/{travelID}/approvers', input: 'approver', expect: { ines: 403 }, request: (i) => ({ method: 'PATCH', url: `/v2/travels/${own.travelId}/approvers`, body: { approver: i.userId } }) },
  { op: 'PATCH /v2/travels/{travelID}/approvers', input: 'emergencyApprover', expect: { ines: 403 }, request: (i) => ({ method: 'PATCH', url: `/v2/travels/${own.travelId}/approvers`, body: { approver: own.paulId, emergencyApprover: i.userId } }) },
  // Approval requests.
  { op: 'GET /approvals/{approvalID}', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/approvals/${i.approvalId}` }) },
  { op: 'POST /approvals/{approvalID}/approve', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/approvals/${i.approvalId}/approve`, body: {} }) },
  { op: 'POST /approvals/{approvalID}/deny', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/approvals/${i.approvalId}/deny`, body: { reason: 'No' } }) },
  { op: 'POST /approvals/{approvalID}/escalate', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/approvals/${i.approvalId}/escalate`, body: {} }) },
  // Agency A's approver named in agency B's own request: not one of its chain (68, 403), where rémi is.
  { op: 'POST /approvals/{approvalID}/escalate', input: 'approver', expect: { paul: 403 }, request: (i) => ({ method: 'POST', url: `/approvals/${own.approvalId}/escalate`, body: { approver: i.userId } }) },
  { op: 'PATCH /approvals/{approvalID}/cancel', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'PATCH', url: `/approvals/${i.approvalId}/cancel` }) },
  { op: 'PATCH /approvals/{approvalID}/remind', input: 'approvalID', expect: everyone(404), request: (i) => ({ method: 'PATCH', url: `/approvals/${i.approvalId}/remind` }) },
  { op: 'GET /approval/one-click/{token}', input: 'token', expect: everyone(400), request: (i) => ({ method: 'GET', url: `/approval/one-click/${i.oneClickToken}` }) },
  { op: 'POST /approval/one-click/{token}', input: 'token', expect: everyone(400), request: (i) => ({ method: 'POST', url: `/approval/one-click/${i.oneClickToken}`, body: {} }) },
  // Bookings, cancellation and exchange (issue 13).
  { op: 'GET /tickets/', input: 'creator_id', expect: everyone(403), request: (i) => ({ method: 'GET', url: `/tickets/?creator_id=${i.userId}` }) },
  { op: 'GET /products/{productID}/refund-preview', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/products/${i.productId}/refund-preview` }) },
  { op: 'POST /treep/cancel', input: 'ticket_ids', expect: everyone(404), request: (i) => ({ method: 'POST', url: '/treep/cancel', body: { ticket_ids: [i.productId], void: false, previews: [] } }) },
  { op: 'POST /treep/cancel', input: 'previews.product_id', expect: everyone(404), request: (i) => ({ method: 'POST', url: '/treep/cancel', body: { ticket_ids: [i.productId], void: false, previews: [{ product_id: i.productId, refund_total: 0, confirm_refund_date_limit: '2026-11-23T00:00:00Z' }] } }) },
  // Only agency staff answer tasks (403 for the others), and only their own agency's (404).
  { op: 'POST /agency/tasks/{taskID}/complete', input: 'taskID', expect: { ines: 403, olga: 404, paul: 403 }, request: (i) => ({ method: 'POST', url: `/agency/tasks/${i.taskId}/complete`, body: { refund: 0, fees: 0 } }) },
  { op: 'GET /products/{productID}', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/products/${i.productId}` }) },
  { op: 'GET /products/{productID}/sections', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'GET', url: `/products/${i.productId}/sections` }) },
  { op: 'POST /products/{productID}/sections/{sectionID}/exchange/search', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/search`, body: exchangeSearch }) },
  { op: 'POST /products/{productID}/sections/{sectionID}/exchange/search', input: 'sectionID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/search`, body: exchangeSearch }) },
  { op: 'POST /products/{productID}/sections/{sectionID}/exchange/choices/{choiceID}/book', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/choices/${i.exchangeChoiceId}/book` }) },
  { op: 'POST /products/{productID}/sections/{sectionID}/exchange/choices/{choiceID}/book', input: 'sectionID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/choices/${i.exchangeChoiceId}/book` }) },
  { op: 'POST /products/{productID}/sections/{sectionID}/exchange/choices/{choiceID}/book', input: 'choiceID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/sections/${i.sectionId}/exchange/choices/${i.exchangeChoiceId}/book` }) },
  { op: 'POST /products/{productID}/exchange/offers/{offerID}/confirm', input: 'productID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/exchange/offers/${i.exchangeOfferId}/confirm` }) },
  { op: 'POST /products/{productID}/exchange/offers/{offerID}/confirm', input: 'offerID', expect: everyone(404), request: (i) => ({ method: 'POST', url: `/products/${i.productId}/exchange/offers/${i.exchangeOfferId}/confirm` }) },
  // E-mailed account tokens.
  { op: 'POST /user/login', input: 'token', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/user/login', body: { token: i.loginToken } }) },
  { op: 'POST /user/confirm', input: 'token', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/user/confirm', body: { token: i.activationToken } }) },
  { op: 'POST /user/regenerate', input: 'token', expect: everyone(400), request: (i) => ({ method: 'POST', url: '/user/regenerate', body: { token: i.activationToken } }) },
  { op: 'PUT /user/password', input: 'token_pwd', expect: everyone(400), request: (i) => ({ method: 'PUT', url: '/user/password', body: { token_pwd: i.resetToken, password: 'Taken0ver!' } }) },
];

/** Inputs named like ids that name nothing of an agency. */
const NOT_IDS = new Set([
  // Card types are reference data, the same for every agency.
  'POST /treep/search travelers.cards.cardtype_id',
  'POST /ticket/travelerForm travelers.cards.cardtype_id',
  'POST /ticket/placementOptions travelers.cards.cardtype_id',
  'POST /cart/add travelers.cards.cardtype_id',
  // A traveller's position in the travel.
  'PATCH /v2/travels/{travelID}/mission-orders travelerId',
  'POST /cart/add travelers.travelerID',
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
  [tokens.ines, tokens.olga, tokens.paul] = await Promise.all([signInB('ines'), signInB('olga'), signInB('paul')]);

  // Agency A (the demo): alice's travel sent to bob, her searches (signed in and out), her guest, e-mailed tokens.
  const world = await approvalWorld(api);
  const asked = await askApproval(api, world);
  const [product] = await api.db.select().from(travelProducts).where(eq(travelProducts.travelId, asked.travelId));
  const [acme] = await api.db.select().from(companies).where(eq(companies.name, 'Acme Industries'));
  const search = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(), token: world.alice.token })).body.result;
  const publicSearch = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody() })).body.result;
  const guests = (await api.call('GET', '/api/v1/user/guests', { token: world.alice.token })).body.result as { uid: string }[];
  const oneClick = /one-click\?token=([A-Za-z0-9_-]+)/.exec((await api.lastMail(world.bob.user.email))!.text)![1]!;
  const signup = signupBody();
  await api.call('POST', '/api/v1/user/signin', { body: signup });
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
    taskId: (await api.db.insert(agencyTasks).values({ agencyId: acme!.agencyId, kind: 'cancellation', travelId: asked.travelId, productIds: [product!.id], requesterId: world.alice.user.uid }).returning())[0]!.id,
    sectionId: product!.data.journey.id,
    exchangeChoiceId: `${randomUUID()}.0.second.0`,
    exchangeOfferId: randomUUID(),
    loginToken: await issueLoginToken({ db: api.db, clock: api.clock, config: loadConfig({}) }, world.alice.user.uid),
    activationToken: (await api.lastMail(signup.email))!.token!,
    resetToken: (await api.lastMail('gus@globex.example'))!.token!,
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
    sectionId: product!.data.journey.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    exchangeChoiceId: `${randomUUID()}.0.second.0`,
    exchangeOfferId: randomUUID(),
    loginToken: newToken(),
    activationToken: newToken(),
    resetToken: newToken(),
  };

  // Agency B: ines's own search, a travel in her cart, and one sent to paul for approval.
  const mine = (await api.call('POST', '/api/v1/treep/search?version=v2', { body: searchBody(), token: tokens.ines, apiKey: SECOND_API_KEY })).body.result;
  const offers = mine.proposals[0].offers as { id: string }[];
  const addOwn = async () => {
    const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
      body: { choiceIDs: [offers[0]!.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: b.entity.id },
      token: tokens.ines,
      apiKey: SECOND_API_KEY,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.travel as { id: string; version: number };
  };
  const cart = await addOwn();
  const sent = await addOwn();
  const asB = { token: tokens.ines, apiKey: SECOND_API_KEY };
  const filled = await api.call('PATCH', `/api/v1/v2/travels/${sent.id}/approvers`, { ...asB, body: { approver: b.users.paul.id }, headers: { 'if-match': String(sent.version) } });
  expect(filled.status, JSON.stringify(filled.body)).toBe(200);
  const ready = (await api.call('GET', `/api/v1/v2/travels/${sent.id}`, asB)).body.result;
  const requested = await api.call('POST', `/api/v1/v2/travels/${sent.id}/approval`, { ...asB, headers: { 'if-match': String(ready.version) } });
  expect(requested.status, JSON.stringify(requested.body)).toBe(200);
  const inbox = (await api.call('GET', '/api/v1/approvals/', { token: tokens.paul, apiKey: SECOND_API_KEY })).body.result as { approvalID: string }[];
  own = { offerId: offers[0]!.id, travelId: cart.id, approvalId: inbox[0]!.approvalID, entityId: b.entity.id, paulId: b.users.paul.id, remiId: b.users.remi.id };
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
    for (const [path, operations] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>))
      for (const [method, operation] of Object.entries(operations)) {
        const op = `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '')}`;
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => p.name);
        for (const name of [...params, ...names(operation.requestBody?.content['application/json']?.schema)])
          if (ID_NAME.test(name.split('.').pop()!) && !NOT_IDS.has(`${op} ${name}`)) inputs.push(`${op} ${name}`);
      }
    const covered = new Set(ROWS.map((r) => `${r.op} ${r.input}`));
    expect(inputs.filter((i) => !covered.has(i))).toEqual([]);
    const withIds = Object.values(rels).filter((r) => r.path.includes(':')).map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
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
    const step = await api.call('POST', '/api/v1/ticket/travelerForm', { body: { choiceIDs: [A.offerId], travelers: [{ id: 1, profile_id: A.userId }] }, token: world.alice.token });
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
    const escalated = await api.call('POST', `/api/v1/approvals/${own.approvalId}/escalate`, { body: { approver: own.remiId }, token: tokens.paul, apiKey: SECOND_API_KEY });
    expect(escalated.status, JSON.stringify(escalated.body)).toBe(200);
    const olgas = await api.call('GET', `/api/v1/users/?company_id=${(await api.db.select().from(companies).where(eq(companies.name, 'Initech')))[0]!.id}`, { token: tokens.olga, apiKey: SECOND_API_KEY });
    expect((olgas.body.result as { firstname: string }[]).map((u) => u.firstname).sort()).toEqual(['Inès', 'Paul', 'Rémi']);
  });

  it('left agency A’s travel and approval request as they were, and its tokens unspent', async () => {
    const world = await approvalWorld(api);
    const travel = (await api.call('GET', `/api/v1/v2/travels/${A.travelId}`, { token: world.alice.token })).body.result;
    expect({ status: travel.status, version: travel.version }).toEqual({ status: 'pending_approval', version: 3 });
    expect((await api.call('GET', `/api/v1/approvals/${A.approvalId}`, { token: world.bob.token })).body.result.status).toBe('pending');
    expect((await api.call('POST', '/api/v1/user/confirm', { body: { token: A.activationToken } })).status).toBe(200);
    expect((await api.call('PUT', '/api/v1/user/password', { body: { token_pwd: A.resetToken, password: 'GusAgain2027' } })).status).toBe(200);
    expect((await api.call('POST', '/api/v1/user/login', { body: { token: A.loginToken } })).status).toBe(200);
  });
});
