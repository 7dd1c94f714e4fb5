import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './support';
import type { OwnUser } from './users';

/*
 * A Globex traveller's travels (a journey's own twin of gus, users.ts) set up through the real API,
 * as the checkout would make them (search, add to cart, mission order, confirm or hold), for the
 * journeys that start from a booked travel.
 */

export type Link = { href: string; method: string };
export type Offer = { id: string; roundTrip: boolean; flexibility: number };
type Choice = { id: string; offers: { offerID: string }[]; links: { getMoreChoices?: Link } };
type Proposal = { offers: Offer[]; choices: Choice[] };
type Travel = { id: string; version: number; links: Record<string, Link> };
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
/** Calls the API with the traveller's session; `traveller` is who it is. */
export type GusApi = (<T = Json>(method: string, url: string, data?: unknown, extra?: Record<string, string>) => Promise<T>) & { traveller: OwnUser };

const KEY = { 'Api-Key': 'demo-agency-key' };
/** The traveller's fields as the checkout's traveller step sends them (gus's demo profile, which a twin has too). */
const travellerFields = (user: OwnUser) => ({
  gender: 'MR',
  firstname: user.firstname,
  lastname: user.lastname,
  birthdate: '1980-01-02',
  contact_email: user.email,
  contact_phone: '0601020304',
});
/** A local calendar day as the API takes it: YYYY-MM-DD. */
export const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The traveller's session on the API: the signed-in page's (its token), or a new one signed in through `request`. */
export async function gusApi(from: Page | APIRequestContext, traveller: OwnUser): Promise<GusApi> {
  const page = 'evaluate' in from ? from : undefined;
  const request = page ? page.request : (from as APIRequestContext);
  const token = page
    ? await page.evaluate(() => localStorage.getItem('escale.token'))
    : (
        (await (await request.post('/api/v1/user/login', { headers: KEY, data: { username: traveller.username, password: DEMO_PASSWORD } })).json()) as {
          result: { token: string };
        }
      ).result.token;
  const call = async <T>(method: string, url: string, data?: unknown, extra: Record<string, string> = {}): Promise<T> => {
    const res = await request.fetch(url, { method, data, headers: { ...KEY, Authorization: `Bearer ${token}`, ...extra } });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { result: T }).result;
  };
  return Object.assign(call, { traveller });
}

/**
 * A rail fare of a search from Paris (`search`: destination, datetime…) that `pick` wants, one way by
 * default: among the listed offers, else among every fare of each choice (its getMoreChoices link).
 */
export async function fare(call: GusApi, search: Record<string, unknown>, pick: (o: Offer) => boolean = (o) => !o.roundTrip) {
  const { proposals } = await call<{ proposals: Proposal[] }>('POST', '/api/v1/treep/search?version=v2', {
    origin: 'city:paris',
    nb_travelers: 1,
    filters: { rail: true, flight: false },
    ...search,
  });
  const choices = proposals.flatMap((p) => p.choices);
  let offer = proposals.flatMap((p) => p.offers).find(pick);
  let choice = offer && choices.find((c) => c.offers.some((o) => o.offerID === offer!.id));
  for (const more of choices)
    if (!offer && more.links.getMoreChoices) {
      offer = (await call<{ offers: Offer[] }>('GET', more.links.getMoreChoices.href)).offers.find(pick);
      if (offer) choice = more;
    }
  if (!offer) throw new Error('no such fare');
  return { choice: choice!, offer };
}

/** Puts the offers in the traveller's cart: the new travel. */
export async function addToCart(call: GusApi, choiceIDs: string[]): Promise<Travel> {
  return (
    await call<{ travel: Travel }>('POST', '/api/v1/cart/add?version=v2', {
      choiceIDs,
      travelers: [{ travelerID: 1, fields: travellerFields(call.traveller) }],
    })
  ).travel;
}

/** Fills the travel's mission order (Globex asks for one) and follows its confirm link (held as options with `hold`): the travel confirm answers. */
export async function checkOut<T = Travel>(call: GusApi, travel: Travel, hold = false): Promise<T> {
  const form = await call<{ isCompliant: boolean; links: { patchMissionOrders: Link } }>('GET', travel.links.getMissionOrders!.href);
  const order = {
    travelerId: 1,
    purpose: 'Client visit',
    location: 'Lyon',
    startLocation: 'Paris',
    endLocation: 'Lyon',
    ...(form.isCompliant ? {} : { travel_policy_exemption: 'Only train left' }),
  };
  await call(form.links.patchMissionOrders.method, form.links.patchMissionOrders.href, [order], { 'If-Match': String(travel.version) });
  const ready = await call<Travel>('GET', travel.links.getTravel!.href);
  return call<T>('POST', ready.links.confirm!.href, hold ? { hold: true } : {}, { 'If-Match': String(ready.version) });
}

/** The traveller's Paris → `to` train (Lyon by default) on `day` at 07:00, at a fare `pick` wants (one way by default), booked: the travel confirm answers. */
export async function gusBooksTrain<T = Travel>(call: GusApi, day: Date | string, opts: { to?: string; pick?: (o: Offer) => boolean } = {}): Promise<T> {
  const date = typeof day === 'string' ? day : isoDay(day);
  const { offer } = await fare(call, { destination: opts.to ?? 'city:lyon', datetime: `${date}T07:00` }, opts.pick);
  return checkOut<T>(call, await addToCart(call, [offer.id]));
}
