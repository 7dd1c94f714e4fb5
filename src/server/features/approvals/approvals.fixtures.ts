import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Api } from '@test/support/api';
import { approvalRequests, travels } from '@server/db/schema';

/** Acme travels sent for approval, as the checkout leaves them, for the approvals' API tests. */

export type World = Awaited<ReturnType<typeof approvalWorld>>;
type Offer = { id: string; roundTrip: boolean; cabin: string; price: number };

export const alicesFields = {
  gender: 'MS',
  firstname: 'Alice',
  lastname: 'Martin',
  birthdate: '1988-04-02',
  contact_email: 'alice@acme.example',
  contact_phone: '0601020304',
};

/** Signs in (English for bob, so his e-mails are in English); users by name. */
export async function approvalWorld(api: Api) {
  const signIn = async (username: string, lang = 'fr') =>
    (await api.call('POST', '/api/v1/user/login', { body: { username, password: 'Escale2026!' }, headers: { 'accept-language': lang } })).body.result as {
      token: string;
      user: { uid: string; email: string; entities: { uid: string }[] };
    };
  const [alice, bob, carol, sam] = await Promise.all([signIn('alice'), signIn('bob', 'en'), signIn('carol'), signIn('sam', 'en')]);
  return { alice: alice!, bob: bob!, carol: carol!, sam: sam! };
}

/** Fresh sessions after the clock moved past the idle expiry. */
export async function refresh(api: Api, world: World) {
  const fresh = await approvalWorld(api);
  Object.assign(world, fresh);
}

export type Asked = {
  travelId: string;
  approvalId: string;
  safetyId: string | null;
  travel: {
    id: string;
    version: number;
    status: string;
    confirmationTimeLimit: string;
    links: Record<string, { href: string; method: string }>;
    products: { pnr: string; status: string }[];
  };
};

/**
 * Alice's travel (Paris → Lyon rail by default; a flight to Cairo is risky) with analytics and bob
 * as approver (carol as backup) as the checkout steps write them, sent for approval.
 */
export async function askApproval(
  api: Api,
  world: World,
  opts: { backup?: boolean; destination?: string; flight?: boolean; datetime?: string; message?: string; pick?: (offers: Offer[]) => Offer } = {},
): Promise<Asked> {
  const body = {
    origin: 'city:paris',
    destination: opts.destination ?? 'city:lyon',
    datetime: opts.datetime ?? '2026-11-23T07:00',
    nb_travelers: 1,
    filters: { rail: !opts.flight, flight: !!opts.flight },
  };
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token: world.alice.token });
  expect(search.status, JSON.stringify(search.body).slice(0, 300)).toBe(200);
  const offers = (search.body.result.proposals as { offers: Offer[] }[]).flatMap((p) => p.offers).filter((o) => !o.roundTrip);
  const offer = opts.pick ? opts.pick(offers) : offers[0]!;
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: {
      choiceIDs: [offer.id],
      // A flight abroad asks for the passport.
      travelers: [
        {
          travelerID: 1,
          fields: opts.flight ? { ...alicesFields, nationality: 'FR', document_number: 'P1234567', document_expiry: '2031-05-01' } : alicesFields,
        },
      ],
      entity_id: world.alice.user.entities[0]!.uid,
    },
    token: world.alice.token,
  });
  expect(added.status, JSON.stringify(added.body).slice(0, 400)).toBe(200);
  const travelId = added.body.result.travel.id as string;
  await api.db
    .update(travels)
    .set({
      analytics: { fields: { cost_center: 'R&D' }, travelers: {}, exemption: 'Only train left' },
      approvers: {
        approverId: world.bob.user.uid,
        emergencyApproverId: opts.backup === false ? null : world.carol.user.uid,
        message: opts.message ?? 'Client meeting',
      },
    })
    .where(eq(travels.id, travelId));
  const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token: world.alice.token })).body.result;
  const res = await api.call('POST', travel.links.requestApproval.href, {
    token: world.alice.token,
    body: {},
    headers: { 'if-match': String(travel.version) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = await api.db.select().from(approvalRequests).where(eq(approvalRequests.travelId, travelId));
  return {
    travelId,
    approvalId: rows.find((r) => r.kind === 'regular')!.id,
    safetyId: rows.find((r) => r.kind === 'safety')?.id ?? null,
    travel: res.body.result,
  };
}

export const approvalUrl = (id: string, action?: 'approve' | 'deny' | 'escalate' | 'cancel' | 'remind') =>
  `/api/v1/approvals/${id}${action ? `/${action}` : ''}`;

/** Follows an answer (POST) with an optional Idempotency-Key. */
export const answer = (api: Api, token: string, id: string, action: 'approve' | 'deny' | 'escalate', body: Record<string, unknown> = {}, key?: string) =>
  api.call('POST', approvalUrl(id, action), { token, body, headers: key ? { 'idempotency-key': key } : {} });
