// Over 500 lines on purpose: every combination of company rules, step by step, and every refusal of the step
// forms, on one seeded world.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startApi, type Api } from '@test/support/api';
import { companies, travels, users } from '@server/db/schema';
import type { CheckoutRules } from '@server/domain/company';
import { ACME_CHECKOUT } from '@server/db/seed';
import type { Link } from '@contract/link';

/**
 * The checkout steps of spec 2 §4–§5 as a caller sees them: which step link a travel carries after
 * each step, for every combination of company rules, and every refusal of the step forms.
 */

type Offer = { id: string; cabin: string; price: number; roundTrip: boolean };
type TravelLinks = Record<string, Link>;

let api: Api;
let alice: string;
let entityId: string;
let acmeId: string;
/** A Paris → Lyon second-class fare Acme's policy accepts, and a first-class one it refuses (under 4 h). */
let compliantOffer: Offer;
let nonCompliantOffer: Offer;

const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};

beforeAll(async () => {
  api = await startApi();
  alice = await api.login('alice');
  entityId = (await api.call('GET', '/api/v1/user/', { token: alice })).body.result.entities[0].uid;
  acmeId = (await api.db.select({ id: users.companyId }).from(users).where(eq(users.username, 'alice')))[0]!.id!;
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', {
    token: alice,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime: '2026-11-23T07:00', nb_travelers: 1, filters: { rail: true, flight: false } },
  });
  const offers: Offer[] = search.body.result.proposals.flatMap((p: { offers: Offer[] }) => p.offers).filter((o: Offer) => !o.roundTrip);
  compliantOffer = offers.find((o) => o.cabin === 'second' && o.price <= 15_000)!;
  nonCompliantOffer = offers.find((o) => o.cabin === 'first')!;
});
afterAll(() => api.close());

const setRules = (rules: Partial<CheckoutRules>) =>
  api.db
    .update(companies)
    .set({ checkoutRules: { ...ACME_CHECKOUT, ...rules } })
    .where(eq(companies.id, acmeId));
beforeEach(() => setRules({}));

async function addTrip(offer: Offer, travelID?: string) {
  const res = await api.call('POST', '/api/v1/cart/add?version=v2', {
    token: alice,
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: alicesFields }], entity_id: entityId, travelID },
  });
  expect(res.status).toBe(200);
  return res.body.result.travel as { id: string; version: number; isCompliant: boolean; links: TravelLinks };
}
const getTravel = async (id: string) =>
  (await api.call('GET', `/api/v1/v2/travels/${id}`, { token: alice })).body.result as {
    id: string;
    version: number;
    links: TravelLinks;
    context: Record<string, boolean>;
  };
const follow = (link: Link, opts: { body?: unknown; version?: number; key?: string; token?: string; lang?: string } = {}) =>
  api.call(link.method, link.href, {
    token: opts.token ?? alice,
    body: opts.body as never,
    headers: {
      ...(opts.version !== undefined ? { 'if-match': String(opts.version) } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
  });

/** The step links of a travel; a form step brings its saving link along. */
const STEP_RELS = [
  'getAllAnalytics',
  'fillAnalytics',
  'getMissionOrders',
  'patchMissionOrders',
  'getAvailableApprovers',
  'fillApprovers',
  'requestApproval',
  'confirm',
];
const PAIRS: Record<string, string[]> = {
  getAllAnalytics: ['getAllAnalytics', 'fillAnalytics'],
  getMissionOrders: ['getMissionOrders', 'patchMissionOrders'],
  getAvailableApprovers: ['getAvailableApprovers', 'fillApprovers'],
  requestApproval: ['requestApproval'],
  confirm: ['confirm'],
};
const stepLinks = (links: TravelLinks) => STEP_RELS.filter((rel) => rel in links).sort();

const validAnalytics = (exemption: boolean) => ({
  fields: [
    { name: 'cost_center', value: 'R&D' },
    { name: 'project_code', value: 'PRJ-2026' },
  ],
  travelersFields: { 1: [{ name: 'employee_number', value: '004217' }] },
  ...(exemption ? { travel_policy_exemption: 'Client meeting on arrival' } : {}),
});
const validOrder = (exemption: boolean) => ({
  travelerId: 1,
  purpose: 'Supplier audit',
  location: 'Lyon Part-Dieu offices',
  startLocation: 'Paris HQ',
  endLocation: 'Paris HQ',
  ...(exemption ? { travel_policy_exemption: 'Only train with a seat left' } : {}),
});

/** Fills the step the travel names next, through its links, and checks the step saved. */
async function fillStep(step: string, links: TravelLinks, version: number, compliant: boolean, rules: Partial<CheckoutRules>) {
  const exemption = !compliant;
  let saved;
  if (step === 'getAllAnalytics') {
    const form = await follow(links.getAllAnalytics!);
    expect(form.status).toBe(200);
    const body = rules.analytics?.length
      ? validAnalytics(exemption)
      : { fields: [], ...(exemption ? { travel_policy_exemption: 'Client meeting on arrival' } : {}) };
    saved = await follow(form.body.result.links.fillAnalytics, { body, version });
  } else if (step === 'getMissionOrders') {
    const form = await follow(links.getMissionOrders!);
    expect(form.status).toBe(200);
    saved = await follow(form.body.result.links.patchMissionOrders, { body: [validOrder(exemption)], version });
  } else {
    const form = await follow(links.getAvailableApprovers!);
    expect(form.status).toBe(200);
    saved = await follow(form.body.result.links.fillApprovers, { body: { approver: form.body.result.approvers[0].id }, version });
  }
  expect(saved.status).toBe(200);
  expect(saved.body.result.links.getTravel.method).toBe('GET');
  return saved.body.result.links.getTravel as Link;
}

describe('the next checkout step, for every combination of company rules', () => {
  type Combo = { analytics: boolean; missionOrders: boolean; chooseApprover: boolean; approval: CheckoutRules['approval']; compliant: boolean };
  const combos: Combo[] = [];
  for (const analytics of [true, false])
    for (const missionOrders of [true, false])
      for (const chooseApprover of [true, false])
        for (const approval of ['always', 'non_compliant', 'never'] as const)
          for (const compliant of [true, false]) combos.push({ analytics, missionOrders, chooseApprover, approval, compliant });

  /**
   * Spec 2 §4: analytics (when the company asks for fields, or for the exemption reason of a
   * non-compliant travel without mission orders), mission orders, the approver (when approval is
   * needed and the company lets the traveller choose), then requestApproval or confirm.
   */
  const expectedSteps = (c: Combo) => {
    const approval = c.approval === 'always' || (c.approval === 'non_compliant' && !c.compliant);
    return [
      ...(c.analytics || (!c.compliant && !c.missionOrders) ? ['getAllAnalytics'] : []),
      ...(c.missionOrders ? ['getMissionOrders'] : []),
      ...(approval && c.chooseApprover ? ['getAvailableApprovers'] : []),
      approval ? 'requestApproval' : 'confirm',
    ];
  };

  it.each(combos)(
    'analytics $analytics, mission orders $missionOrders, choose approver $chooseApprover, approval $approval, compliant $compliant',
    async (c) => {
      const rules = {
        analytics: c.analytics ? ACME_CHECKOUT.analytics : [],
        missionOrders: c.missionOrders,
        chooseApprover: c.chooseApprover,
        approval: c.approval,
      };
      await setRules(rules);
      const added = await addTrip(c.compliant ? compliantOffer : nonCompliantOffer);
      expect(added.isCompliant).toBe(c.compliant);
      const steps = expectedSteps(c);
      let travel = await getTravel(added.id);
      for (const [i, step] of steps.entries()) {
        expect(stepLinks(travel.links), `before step ${i + 1}`).toEqual([...PAIRS[step]!].sort());
        if (i === steps.length - 1) break;
        const next = await fillStep(step, travel.links, travel.version, c.compliant, rules);
        expect(next.href).toBe(`/api/v1/v2/travels/${added.id}`);
        travel = await getTravel(added.id);
      }
    },
  );
});

describe('analytics', () => {
  it('answers the form with labels in the request language, traveller fields and the policy', async () => {
    const travel = await addTrip(nonCompliantOffer);
    const res = await follow(travel.links.getAllAnalytics!, { lang: 'en' });
    expect(res.status).toBe(200);
    const form = res.body.result;
    expect(form.fields).toEqual([
      {
        name: 'cost_center',
        label: 'Cost centre',
        required: true,
        values: ['Marketing', 'R&D', 'Ventes', 'Opérations'],
        valueCodes: ['MKT', 'RND', 'SAL', 'OPS'],
        regex: null,
        regexDesc: null,
        value: null,
      },
      {
        name: 'project_code',
        label: 'Project code',
        required: false,
        values: null,
        valueCodes: null,
        regex: '^PRJ-[0-9]{4}$',
        regexDesc: 'In the form PRJ-0000.',
        value: null,
      },
    ]);
    expect(form.travelers).toEqual([
      {
        travelerId: 1,
        firstname: 'Alice',
        lastname: 'Martin',
        analytics: [
          {
            name: 'employee_number',
            label: 'Employee number',
            required: false,
            values: null,
            valueCodes: null,
            regex: '^[0-9]{6}$',
            regexDesc: 'Six digits.',
            value: null,
          },
        ],
      },
    ]);
    expect(form.isCompliant).toBe(false);
    expect(form.complianceReasons).toEqual([expect.stringMatching(/^First class only for journeys of 4 h or more \(this one: 1 h \d\d\)\.$/)]);
    expect(form.travelPolicy).toMatch(/^Train en 2de classe/);
    expect(form.links.fillAnalytics).toEqual({ href: `/api/v1/v2/travels/${travel.id}/analytics`, method: 'PATCH' });
    expect((await follow(travel.links.getAllAnalytics!)).body.result.fields[0].label).toBe('Centre de coûts');
  });

  it('refuses missing, malformed and off-list values with 70 and one key per field, and the missing exemption', async () => {
    const travel = await addTrip(nonCompliantOffer);
    const res = await follow(travel.links.fillAnalytics!, {
      body: { fields: [{ name: 'project_code', value: 'PRJ-12' }], travelersFields: { 1: [{ name: 'employee_number', value: 'abc' }] } },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      api_code: 70,
      fields: {
        'fields.cost_center': 'FIELD_REQUIRED',
        'fields.project_code': 'FORMAT_INVALID',
        'travelersFields.1.employee_number': 'FORMAT_INVALID',
        travel_policy_exemption: 'FIELD_REQUIRED',
      },
    });
    const offList = await follow(travel.links.fillAnalytics!, { body: { ...validAnalytics(true), fields: [{ name: 'cost_center', value: 'Finance' }] } });
    expect(offList.body).toMatchObject({ api_code: 70, fields: { 'fields.cost_center': 'SELECT_VALID_VALUE' } });
    expect(Object.keys(offList.body.fields)).toEqual(['fields.cost_center']);
    // Blank optional fields are fine; a blank exemption is no reason.
    const blank = await follow(travel.links.fillAnalytics!, {
      body: {
        fields: [
          { name: 'cost_center', value: 'R&D' },
          { name: 'project_code', value: ' ' },
        ],
        travel_policy_exemption: '  ',
      },
    });
    expect(blank.body).toEqual(expect.objectContaining({ api_code: 70, fields: { travel_policy_exemption: 'FIELD_REQUIRED' } }));
    expect(stepLinks((await getTravel(travel.id)).links)).toEqual(['fillAnalytics', 'getAllAnalytics']);
  });

  it('refuses fields the company does not ask for, and travellers the travel does not have (17)', async () => {
    const travel = await addTrip(compliantOffer);
    const res = await follow(travel.links.fillAnalytics!, {
      body: {
        fields: [
          { name: 'cost_center', value: 'R&D' },
          { name: 'budget', value: '12' },
          { name: 'employee_number', value: '004217' },
        ],
        travelersFields: { 2: [{ name: 'employee_number', value: '004217' }] },
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      api_code: 17,
      fields: { 'fields.budget': 'FORMAT_INVALID', 'fields.employee_number': 'FORMAT_INVALID', 'travelersFields.2': 'FORMAT_INVALID' },
    });
  });

  it('stores the answers, moves on to the approver, and then refuses the finished step (69)', async () => {
    const travel = await addTrip(compliantOffer);
    const saved = await follow(travel.links.fillAnalytics!, { body: validAnalytics(false), version: travel.version });
    expect(saved.body.result).toEqual({ links: { getTravel: { href: `/api/v1/v2/travels/${travel.id}`, method: 'GET' } } });
    const after = await getTravel(travel.id);
    expect(after.version).toBe(travel.version + 1);
    expect(after.context).toMatchObject({ needAllAnalytics: true, hasAllAnalyticsFilled: true, needSelectedApprover: true, hasSelectedApprover: false });
    expect(stepLinks(after.links)).toEqual(['fillApprovers', 'getAvailableApprovers']);
    const again = await follow(travel.links.getAllAnalytics!);
    expect([again.status, again.body.api_code]).toEqual([409, 69]);
    expect((await follow(travel.links.fillAnalytics!, { body: validAnalytics(false) })).body.api_code).toBe(69);
  });

  it('refuses a stale If-Match with 105 and changes nothing', async () => {
    const travel = await addTrip(compliantOffer);
    const res = await follow(travel.links.fillAnalytics!, { body: validAnalytics(false), version: travel.version - 1 });
    expect([res.status, res.body.api_code]).toEqual([409, 105]);
    const after = await getTravel(travel.id);
    expect(after.version).toBe(travel.version);
    expect(after.context.hasAllAnalyticsFilled).toBe(false);
    expect((await follow(travel.links.getAllAnalytics!)).body.result.fields[0].value).toBeNull();
  });

  it("answers another user's travel as not found (38), on every step", async () => {
    const travel = await addTrip(compliantOffer);
    const gus = await api.login('gus');
    for (const [method, path, body] of [
      ['GET', 'analytics', undefined],
      ['PATCH', 'analytics', validAnalytics(false)],
      ['GET', 'mission-orders', undefined],
      ['PATCH', 'mission-orders', [validOrder(false)]],
      ['GET', 'approvers', undefined],
      ['PATCH', 'approvers', { approver: acmeId }],
    ] as const) {
      const res = await follow({ method, href: `/api/v1/v2/travels/${travel.id}/${path}` }, { token: gus, body });
      expect([method, path, res.status, res.body.api_code]).toEqual([method, path, 404, 38]);
    }
    expect((await follow({ method: 'GET', href: '/api/v1/v2/travels/not-a-travel/analytics' })).body.api_code).toBe(38);
  });

  it('answers a replayed Idempotency-Key with the first answer, even after the step is done', async () => {
    const travel = await addTrip(compliantOffer);
    const key = `analytics-${travel.id}`;
    const first = await follow(travel.links.fillAnalytics!, { body: validAnalytics(false), version: travel.version, key });
    const replay = await follow(travel.links.fillAnalytics!, { body: validAnalytics(false), version: travel.version, key });
    expect(first.status).toBe(200);
    expect(replay).toEqual(expect.objectContaining({ status: 200, body: first.body }));
    expect((await getTravel(travel.id)).version).toBe(travel.version + 1);
    // A refusal is replayed too.
    const other = await addTrip(compliantOffer);
    const refused = await follow(other.links.fillAnalytics!, { body: { fields: [] }, key: `analytics-${other.id}` });
    const refusedAgain = await follow(other.links.fillAnalytics!, { body: { fields: [] }, key: `analytics-${other.id}` });
    expect([refused.status, refusedAgain.status, refusedAgain.body.api_code]).toEqual([400, 400, 70]);
  });

  it('asks again for the exemption when a non-compliant trip joins a travel whose analytics were filled', async () => {
    const travel = await addTrip(compliantOffer);
    expect((await follow(travel.links.fillAnalytics!, { body: validAnalytics(false), version: travel.version })).status).toBe(200);
    expect(stepLinks((await getTravel(travel.id)).links)).toEqual(['fillApprovers', 'getAvailableApprovers']);
    const bigger = await addTrip(nonCompliantOffer, travel.id);
    expect(bigger.isCompliant).toBe(false);
    expect(stepLinks(bigger.links)).toEqual(['fillAnalytics', 'getAllAnalytics']);
    const form = (await follow(bigger.links.getAllAnalytics!)).body.result;
    expect(form.fields[0].value).toBe('R&D');
    expect(form.isCompliant).toBe(false);
    const res = await follow(form.links.fillAnalytics, { body: validAnalytics(false) });
    expect(res.body).toMatchObject({ api_code: 70, fields: { travel_policy_exemption: 'FIELD_REQUIRED' } });
    expect((await follow(form.links.fillAnalytics, { body: validAnalytics(true), version: bigger.version })).status).toBe(200);
    expect(stepLinks((await getTravel(travel.id)).links)).toEqual(['fillApprovers', 'getAvailableApprovers']);
  });
});

describe('mission orders', () => {
  beforeEach(() => setRules({ analytics: [], missionOrders: true, chooseApprover: false, approval: 'never' }));

  it('answers one form per traveller with the trips they take', async () => {
    const travel = await addTrip(nonCompliantOffer);
    const res = await follow(travel.links.getMissionOrders!);
    expect(res.status).toBe(200);
    const { missionOrders, isCompliant, links } = res.body.result;
    expect(isCompliant).toBe(false);
    expect(links.patchMissionOrders).toEqual({ href: `/api/v1/v2/travels/${travel.id}/mission-orders`, method: 'PATCH' });
    expect(missionOrders).toHaveLength(1);
    expect(missionOrders[0]).toMatchObject({
      travelerId: 1,
      pax: { firstname: 'Alice', lastname: 'Martin' },
      purpose: null,
      location: null,
      travel_policy_exemption: null,
    });
    expect(missionOrders[0].travelData).toEqual([
      {
        transport: 'rail',
        travel: expect.objectContaining({
          type: 'first',
          amount: nonCompliantOffer.price,
          compliant: false,
          routes: [expect.stringMatching(/^Paris.* → Lyon/)],
        }),
      },
    ]);
    expect(missionOrders[0].travelData[0].travel.start.slice(0, 10)).toBe('2026-11-23');
  });

  it('asks every required answer (PLEASE_FILL) and the exemption of a non-compliant travel', async () => {
    const travel = await addTrip(nonCompliantOffer);
    const res = await follow(travel.links.patchMissionOrders!, {
      body: [{ travelerId: 1, purpose: ' ', location: 'Lyon', startLocation: '', endLocation: 'Paris' }],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      api_code: 17,
      fields: { '1.purpose': 'PLEASE_FILL', '1.startLocation': 'PLEASE_FILL', '1.travel_policy_exemption': 'PLEASE_FILL' },
    });
    expect(Object.keys(res.body.fields)).toHaveLength(3);
    const missing = await follow(travel.links.patchMissionOrders!, { body: [{ travelerId: 1, purpose: 'Audit', location: 'Lyon' }] });
    expect(missing.body).toMatchObject({ api_code: 17, fields: { '0.startLocation': 'FORMAT_INVALID', '0.endLocation': 'FORMAT_INVALID' } });
  });

  it('refuses orders for travellers the travel does not have, or twice for one', async () => {
    const travel = await addTrip(compliantOffer);
    const res = await follow(travel.links.patchMissionOrders!, { body: [validOrder(false), { ...validOrder(false), travelerId: 2 }, validOrder(false)] });
    expect(res.body).toMatchObject({ api_code: 17, fields: { '1.travelerId': 'FORMAT_INVALID', '2.travelerId': 'FORMAT_INVALID' } });
  });

  it('stores the orders (extra remark optional), shows them, and moves on to confirm', async () => {
    const travel = await addTrip(nonCompliantOffer);
    const stale = await follow(travel.links.patchMissionOrders!, { body: [validOrder(true)], version: travel.version + 1 });
    expect([stale.status, stale.body.api_code]).toEqual([409, 105]);
    expect(
      (await follow(travel.links.patchMissionOrders!, { body: [{ ...validOrder(true), extraRemark: 'Back by 8 pm' }], version: travel.version })).status,
    ).toBe(200);
    const after = await getTravel(travel.id);
    expect(after.context).toMatchObject({ needMissionOrders: true, hasMissionOrderFilled: true });
    expect(stepLinks(after.links)).toEqual(['confirm']);
    const [row] = await api.db.select().from(travels).where(eq(travels.id, travel.id));
    expect(row!.missionOrders).toEqual([
      {
        travelerId: 1,
        purpose: 'Supplier audit',
        location: 'Lyon Part-Dieu offices',
        startLocation: 'Paris HQ',
        endLocation: 'Paris HQ',
        extraRemark: 'Back by 8 pm',
        exemption: 'Only train with a seat left',
      },
    ]);
    expect((await follow(travel.links.getMissionOrders!)).body.api_code).toBe(69);
  });
});

describe('approvers', () => {
  beforeEach(() => setRules({ analytics: [], chooseApprover: true, approval: 'always' }));
  const approverIds = async () =>
    Object.fromEntries((await api.db.select({ id: users.id, username: users.username }).from(users)).map((u) => [u.username, u.id]));

  it('lists the company’s approvers, never the traveller, with the approvers as backups', async () => {
    const travel = await addTrip(compliantOffer);
    const res = await follow(travel.links.getAvailableApprovers!);
    expect(res.status).toBe(200);
    const { approvers, backupApprovers, links } = res.body.result;
    expect(approvers.map((a: { username: string }) => a.username)).toEqual(['bob', 'carol']);
    expect(approvers[0]).toEqual({ id: expect.any(String), firstname: 'Bob', lastname: 'Durand', email: expect.stringContaining('@'), username: 'bob' });
    expect(backupApprovers).toEqual(approvers);
    expect(links.fillApprovers).toEqual({ href: `/api/v1/v2/travels/${travel.id}/approvers`, method: 'PATCH' });
  });

  it('has no backups with a single approver, and refuses with 25 when nobody can approve', async () => {
    const ids = await approverIds();
    const travel = await addTrip(compliantOffer);
    try {
      await api.db.update(users).set({ perms: [] }).where(eq(users.id, ids.carol!));
      const one = (await follow(travel.links.getAvailableApprovers!)).body.result;
      expect([one.approvers.length, one.backupApprovers]).toEqual([1, []]);
      await api.db.update(users).set({ status: 'deleted' }).where(eq(users.id, ids.bob!));
      const none = await follow(travel.links.getAvailableApprovers!);
      expect([none.status, none.body.api_code]).toEqual([400, 25]);
      expect((await follow(travel.links.fillApprovers!, { body: { approver: ids.bob } })).body.api_code).toBe(25);
    } finally {
      await api.db
        .update(users)
        .set({ perms: ['approval'], status: 'active' })
        .where(inArray(users.id, [ids.bob!, ids.carol!]));
    }
  });

  it('requires an approver among the list, and a different spare approver among the backups', async () => {
    const ids = await approverIds();
    const travel = await addTrip(compliantOffer);
    const send = (body: unknown) => follow(travel.links.fillApprovers!, { body });
    expect((await send({})).body).toMatchObject({ api_code: 17, fields: { approver: 'PLEASE_CHOOSE_APPROVER' } });
    expect((await send({ approver: '' })).body).toMatchObject({ api_code: 17, fields: { approver: 'PLEASE_CHOOSE_APPROVER' } });
    const herself = await send({ approver: ids.alice });
    expect([herself.status, herself.body.api_code, herself.body.fields]).toEqual([403, 68, { approver: 'SELECT_VALID_VALUE' }]);
    expect((await send({ approver: ids.gus })).body.api_code).toBe(68);
    expect((await send({ approver: ids.bob, emergencyApprover: ids.bob })).body).toMatchObject({
      api_code: 17,
      fields: { emergencyApprover: 'SELECT_VALID_VALUE' },
    });
    expect((await send({ approver: ids.bob, emergencyApprover: ids.sam })).body).toMatchObject({
      api_code: 68,
      fields: { emergencyApprover: 'SELECT_VALID_VALUE' },
    });
    expect(stepLinks((await getTravel(travel.id)).links)).toEqual(['fillApprovers', 'getAvailableApprovers']);
  });

  it('stores the approver, the spare one and the message, then asks for approval', async () => {
    const ids = await approverIds();
    const travel = await addTrip(compliantOffer);
    const res = await follow(travel.links.fillApprovers!, {
      body: { approver: ids.carol, emergencyApprover: ids.bob, message: ' Client visit ' },
      version: travel.version,
    });
    expect(res.status).toBe(200);
    const after = await getTravel(travel.id);
    expect(after.context).toMatchObject({ needSelectedApprover: true, hasSelectedApprover: true });
    expect(stepLinks(after.links)).toEqual(['requestApproval']);
    const [row] = await api.db.select().from(travels).where(eq(travels.id, travel.id));
    expect(row!.approvers).toEqual({ approverId: ids.carol, emergencyApproverId: ids.bob, message: 'Client visit' });
    expect((await follow(travel.links.getAvailableApprovers!)).body.api_code).toBe(69);
  });
});
