import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Api } from './api';
import { travels } from '@server/db/schema';

/** What the card payment tests share: test cards tokenized at the sandbox payment service, gus's travels ready to pay, the bank's page answered. */

/** The sandbox's test cards (README "Card payment"). */
export const CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  threeDS: '4000002760003184',
  declined: '4000000000000002',
} as const;

const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};

let browsers = 0;
/**
 * Posts a card to the sandbox payment service as the browser does (no Api-Key): its answer. Each from
 * an address of its own: the service takes 20 cards a minute per address, far fewer than these tests post.
 */
export const postCard = (api: Api, card: Record<string, unknown>, lang = 'fr') =>
  api.call('POST', '/sandbox-pay/v1/tokens', {
    apiKey: null,
    body: card,
    headers: { 'accept-language': lang },
    remoteAddress: `198.18.${(++browsers >> 8) & 255}.${browsers & 255}`,
  });

/** A test card's token (expiry December 2030). */
export async function tokenize(api: Api, number: string, holder = 'Gus Moreau'): Promise<string> {
  const res = await postCard(api, { number, exp_month: 12, exp_year: 2030, cvc: '123', holder });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as string;
}

export type TravelJson = {
  id: string;
  version: number;
  status: string;
  payment: Record<string, unknown> | null;
  links: Record<string, { href: string; method: 'POST' | 'GET' }>;
  products: { id: string; price: { amount: string }; links: Record<string, { href: string; method: string }> }[];
};

type Offer = { id: string; roundTrip: boolean; flexibility: number };

/**
 * Gus's Paris → Lyon train on `datetime` (the first one-way fare, or the first `pick` wants) in his cart
 * with its mission order filled: the travel, its next step confirm or pay by card.
 */
export async function gusTravel(api: Api, token: string, datetime = '2026-11-23T07:00', pick: (o: Offer) => boolean = () => true): Promise<TravelJson> {
  const search = await api.call('POST', '/api/v1/treep/search?version=v2', {
    token,
    body: { origin: 'city:paris', destination: 'city:lyon', datetime, nb_travelers: 1, filters: { rail: true, flight: false } },
  });
  const proposals = search.body.result.proposals as { offers: Offer[]; choices: { links: { getMoreChoices?: { href: string } } }[] }[];
  const wanted = (o: Offer) => !o.roundTrip && pick(o);
  let offer = proposals.flatMap((p) => p.offers).find(wanted);
  // Not among the listed fares: every fare of each choice, through its getMoreChoices link.
  for (const choice of proposals.flatMap((p) => p.choices))
    if (!offer && choice.links.getMoreChoices)
      offer = ((await api.call('GET', choice.links.getMoreChoices.href, { token })).body.result.offers as Offer[]).find(wanted);
  if (!offer) throw new Error('no such fare');
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    token,
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: gusFields }] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const id = added.body.result.travel.id as string;
  const order = {
    travelerId: 1,
    purpose: 'Client visit',
    location: 'Lyon',
    startLocation: 'Paris',
    endLocation: 'Lyon',
    extraRemark: null,
    exemption: 'Only train left',
  };
  await api.db
    .update(travels)
    .set({ missionOrders: [order] })
    .where(eq(travels.id, id));
  return (await api.call('GET', `/api/v1/v2/travels/${id}`, { token })).body.result as TravelJson;
}

/** Follows a travel's payByCard link with `body` on its version, under `key`. */
export const payByCard = (api: Api, token: string, travel: TravelJson, body: Record<string, unknown>, key?: string) =>
  api.call('POST', travel.links.payByCard!.href, { token, body, headers: { 'if-match': String(travel.version), ...(key ? { 'idempotency-key': key } : {}) } });

/** The bank's page, and the code it shows (the sandbox shows it, as real sandboxes do). */
export async function openChallenge(api: Api, url: string) {
  const page = await api.call('GET', url, { apiKey: null });
  const code = /<strong>(\d{6})<\/strong>/.exec(String(page.body))?.[1];
  return { status: page.status, html: String(page.body), headers: page.headers, code };
}

/** Answers the bank's page as the holder's browser does (a form post): approve with the code, or refuse. */
export async function answerChallenge(api: Api, url: string, answer: { approve: boolean; code?: string }) {
  const res = await api.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: answer.approve ? 'approve' : 'refuse', code: answer.code ?? '' }).toString(),
  });
  return { status: res.statusCode, location: res.headers.location as string | undefined, html: res.body };
}

/** Reads the travel again, then follows its confirmCardPayment link (back from the bank). */
export async function confirmAfterBank(api: Api, token: string, travelId: string, key?: string) {
  const travel = (await api.call('GET', `/api/v1/v2/travels/${travelId}`, { token })).body.result as TravelJson;
  expect(travel.links.confirmCardPayment, 'the travel offers to finish its card payment').toBeDefined();
  return api.call('POST', travel.links.confirmCardPayment!.href, {
    token,
    headers: { 'if-match': String(travel.version), ...(key ? { 'idempotency-key': key } : {}) },
  });
}
