import { eq } from 'drizzle-orm';
import type { Api } from '../support/api';
import { travels } from '@server/db/schema';
import type { Travel } from '@contract/travel';

/**
 * Gus (Globex: no approval) books a Paris → Lyon train through the API: search, add to cart, the
 * mission order filled in the database (its own flow is tested elsewhere), then the travel's confirm link.
 */
const gusFields = {
  gender: 'MR',
  firstname: 'Gus',
  lastname: 'Moreau',
  birthdate: '1980-01-02',
  contact_email: 'gus@globex.example',
  contact_phone: '0601020304',
};
let serial = 0;

export async function gusCartTravel(api: Api, token: string, datetime = '2026-11-23T07:00'): Promise<Travel> {
  const body = { origin: 'city:paris', destination: 'city:lyon', datetime, nb_travelers: 1, filters: { rail: true, flight: false } };
  const found = await api.call('POST', '/api/v1/treep/search?version=v2', { body, token });
  if (found.status !== 200) throw new Error(`search: ${found.status}`);
  const offer = (found.body.result.proposals as { offers: { id: string; roundTrip: boolean }[] }[]).flatMap((p) => p.offers).find((o) => !o.roundTrip)!;
  const added = await api.call('POST', '/api/v1/cart/add?version=v2', {
    body: { choiceIDs: [offer.id], travelers: [{ travelerID: 1, fields: gusFields }] },
    token,
  });
  if (added.status !== 200) throw new Error(`add to cart: ${added.status} ${JSON.stringify(added.body)}`);
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
  return (await api.call('GET', `/api/v1/v2/travels/${id}`, { token })).body.result as Travel;
}

/** A booked travel of gus's (status booked), as the confirm answered it. */
export async function gusBookedTravel(api: Api, token: string, datetime?: string): Promise<Travel> {
  const travel = await gusCartTravel(api, token, datetime);
  const confirm = travel.links.confirm;
  if (!confirm) throw new Error(`no confirm link: ${JSON.stringify(travel.links)}`);
  const res = await api.call('POST', confirm.href, {
    token,
    body: {},
    headers: { 'idempotency-key': `book-${travel.id}-${++serial}`, 'if-match': String(travel.version) },
  });
  if (res.status !== 200) throw new Error(`confirm: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.result as Travel;
}
