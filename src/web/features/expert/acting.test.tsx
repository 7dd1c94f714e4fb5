import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultStringifySearch } from '@tanstack/react-router';
import { HttpResponse, http } from 'msw';
import { actFor } from '@web/lib/acting';
import { rememberPlaceName } from '@web/lib/place-names';
import { GLOBEX, ZOE, signInStaff } from '@web/testing/acting';
import { renderApp, renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { EXPERT_ID, NICE, PARIS, firstJourney, travellerStep } from './fixtures';
import { ExpertTravelers } from './ExpertTravelers';

/** Spec 1 §3 "Expert payload … optional customer_id", §6: agency staff's expert searches book for their customer. */
const DAY = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T08:00`;
};
const JOURNEYS = [{ from: PARIS.ID, to: NICE.ID, date: DAY(10), mode: 'departure' as const }];
const expertStaff = (perms: string[]) => signInStaff(perms, {}, { canUseExpertMode: true });
for (const p of [PARIS, NICE]) rememberPlaceName(p.ID, p.name);
beforeEach(() => server.use(http.get('/api/v1/places', () => HttpResponse.json({ result: [] }))));
afterEach(() => actFor(null));

describe('the expert search for agency staff', () => {
  it('searches for the chosen traveller of the customer company: its entity, the customer in the URL and the body', async () => {
    expertStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/v1/expert-search', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ result: firstJourney() });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderRoute(`/search-expert${defaultStringifySearch({ journeys: JOURNEYS, edit: true })}`);
    const form = await screen.findByRole('form', { name: 'Recherche experte' });
    expect(within(form).getByRole('button', { name: /^Passagers/ }).textContent).toContain('Zoé Petit');
    expect((within(form).getByRole('combobox', { name: 'Entité' }) as HTMLSelectElement).value).toBe('e-globex');
    await user.click(within(form).getByRole('button', { name: 'Rechercher les vols' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(router.state.location.search).toMatchObject({ pax: ['profile:u-zoe'], entity: 'e-globex', customer: 'c-globex' });
    expect(bodies[0]).toMatchObject({ travelers: [{ id: 1, profile_id: 'u-zoe' }], customer_id: 'c-globex', entity_id: 'e-globex' });
  }, 30_000);

  it('an assistance agent cannot search before choosing the traveller', async () => {
    expertStaff(['assistance_agent']);
    actFor({ company: GLOBEX, traveler: null });
    const user = userEvent.setup();
    const { router } = await renderRoute(`/search-expert${defaultStringifySearch({ journeys: JOURNEYS, edit: true })}`);
    const form = await screen.findByRole('form', { name: 'Recherche experte' });
    expect(within(form).getByRole('button', { name: /^Passagers/ }).textContent).toContain('Voyageur à choisir');
    await user.click(within(form).getByRole('button', { name: 'Rechercher les vols' }));
    expect(await within(form).findByText('Choisissez d’abord le voyageur pour qui vous réservez')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ edit: true });
  }, 30_000);

  it('adds the itinerary for the customer company, choosing among its entities', async () => {
    expertStaff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const adds: unknown[] = [];
    server.use(
      http.post(`/api/v1/expert-search/${EXPERT_ID}/traveler-form`, () => HttpResponse.json({ result: travellerStep })),
      http.post(`/api/v1/cart/expert/${EXPERT_ID}`, async ({ request }) => {
        adds.push(await request.json());
        return HttpResponse.json({ result: { travel: travelFixture(), offer_errors: [] } });
      }),
    );
    renderApp(
      <ExpertTravelers
        link={{ href: `/api/v1/expert-search/${EXPERT_ID}/traveler-form`, method: 'POST' }}
        offerIDs={['a1~0~economy~1']}
        entity={undefined}
        customer="c-globex"
        onAdded={() => {}}
      />,
    );
    const entity = (await screen.findByRole('combobox', { name: /Entité/ })) as HTMLSelectElement;
    expect(entity.value).toBe('e-globex');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Date de naissance *'), '03/02/1990');
    await user.click(screen.getByRole('button', { name: 'Ajouter l’itinéraire au panier' }));
    await waitFor(() => expect(adds).toHaveLength(1));
    expect(adds[0]).toMatchObject({ offerIDs: ['a1~0~economy~1'], customer_id: 'c-globex', entity_id: 'e-globex' });
  }, 30_000);
});
