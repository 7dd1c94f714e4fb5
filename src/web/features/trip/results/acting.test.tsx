import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { actFor } from '@web/lib/acting';
import { GLOBEX, ZOE, signInStaff } from '@web/testing/acting';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { aliceTravelerStep, offer, proposal, results } from './fixtures';
import { TravelerStep } from './TravelerStep';

/** Spec 1 §3, §6, §7: agency staff's trip searches and adds to cart name the customer company (`customer_id`). */
afterEach(() => actFor(null));

describe('trip results for agency staff', () => {
  it('searches for the customer company of the address', async () => {
    signInStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const seen: unknown[] = [];
    server.use(
      http.post('/api/v1/treep/search', async ({ request }) => {
        seen.push(await request.json());
        return HttpResponse.json({ result: results([{ index: 0, dep: '07:04', arr: '09:02', duration: 118, prices: [4500, 6900, 9900], co2: 2400 }]) });
      }),
    );
    await renderRoute('/search?from=city:paris&to=city:lyon&date=2026-12-01T07:00&mode=departure&pax=profile:u-zoe&entity=e-globex&customer=c-globex');
    await screen.findByRole('list', { name: 'Trajets' });
    expect(seen[0]).toMatchObject({ travelers: [{ id: 1, profile_id: 'u-zoe' }], customer_id: 'c-globex', entity_id: 'e-globex' });
  });

  it('adds to the cart for the customer company, with its entities', async () => {
    signInStaff(['travel_agent']);
    actFor({ company: { ...GLOBEX, entities: [...GLOBEX.entities, { uid: 'e-globex-2', name: 'Globex Nantes' }] }, traveler: ZOE });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: aliceTravelerStep() })),
      http.post('/api/v1/cart/add', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ result: { travel: travelFixture(), offer_errors: [] } });
      }),
    );
    const chosen = [{ proposal: proposal('s1', { index: 0, dep: '07:00', arr: '09:00', duration: 120 }), offer: offer('s1', 0, 'second', 0, 2, 4500) }];
    renderApp(
      <TravelerStep
        link={{ href: '/api/v1/ticket/travelerForm', method: 'POST' }}
        chosen={chosen}
        travelers={[{ id: 1, profile_id: 'u-zoe' }]}
        travelID={null}
        entity={undefined}
        customer="c-globex"
        onAdded={() => {}}
      />,
    );
    const entity = (await screen.findByRole('combobox', { name: /Entité/ })) as HTMLSelectElement;
    expect(
      within(entity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir une entité', 'Globex Lyon', 'Globex Nantes']);
    const user = userEvent.setup();
    await user.selectOptions(entity, 'e-globex-2');
    await user.click(screen.getByRole('button', { name: /Ajouter au panier/ }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ customer_id: 'c-globex', entity_id: 'e-globex-2' });
  });
});
