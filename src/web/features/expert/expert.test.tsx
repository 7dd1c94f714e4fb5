import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultStringifySearch } from '@tanstack/react-router';
import { HttpResponse, http } from 'msw';
import { startSession } from '@web/lib/session';
import { rememberPlaceName } from '@web/lib/place-names';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { travelFixture } from '@web/testing/travels';
import { EXPERT_ID, NICE, PARIS, ROME, firstJourney, secondJourney, travellerStep } from './fixtures';
import type { ExpertParams } from './url';

/** Spec 1 §2, §4, §5 "Expert": alice may use the expert mode; the clock of these tests is the machine's, the dates are in 2026–2027. */
const expert = (overrides: Parameters<typeof userFixture>[0] = {}) => startSession('token', userFixture({ canUseExpertMode: true, ...overrides }));
const path = (params: ExpertParams) => `/search-expert${defaultStringifySearch(params)}`;
const DAY = (offset: number, hour = 8) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`;
};
const TOUR = {
  journeys: [
    { from: PARIS.ID, to: NICE.ID, date: DAY(10), mode: 'departure' as const },
    { from: NICE.ID, to: ROME.ID, date: DAY(12), mode: 'departure' as const },
  ],
  pax: ['me'],
  entity: 'e-paris',
};
for (const p of [PARIS, NICE, ROME]) rememberPlaceName(p.ID, p.name);
// The place fields ask for their default suggestions.
beforeEach(() => server.use(http.get('/api/v1/places', () => HttpResponse.json({ result: [] }))));

describe('expert search form', () => {
  it('adds journeys while at most 2 exist and deletes them', async () => {
    expert();
    const user = userEvent.setup();
    await renderRoute('/search-expert');
    const form = await screen.findByRole('form', { name: 'Recherche experte' });
    expect(screen.getByRole('heading', { level: 1, name: 'Recherche experte' })).toBeTruthy();
    const add = within(form).getByRole('button', { name: 'Ajouter un trajet' });
    await user.click(add);
    await user.click(add);
    expect(within(form).getAllByRole('group', { name: /^Trajet \d$/ })).toHaveLength(3);
    expect(within(form).queryByRole('button', { name: 'Ajouter un trajet' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Supprimer le trajet 2' }));
    expect(within(form).getAllByRole('group', { name: /^Trajet \d$/ })).toHaveLength(2);
    expect(within(form).getByRole('button', { name: 'Ajouter un trajet' })).toBeTruthy();
  }, 30_000);

  it('names the places to choose, and a journey dated before the previous one', async () => {
    expert();
    const user = userEvent.setup();
    const { router } = await renderRoute(path({ ...TOUR, journeys: [TOUR.journeys[0]!, { ...TOUR.journeys[1]!, date: DAY(9) }], edit: true }));
    const form = await screen.findByRole('form', { name: 'Recherche experte' });
    expect((within(form).getAllByRole('combobox', { name: 'Départ' })[1] as HTMLInputElement).value).toBe(NICE.name);
    await user.click(within(form).getByRole('button', { name: 'Rechercher les vols' }));
    const date = within(form).getByLabelText('Date du trajet 2', { selector: 'input' });
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Ce trajet ne peut pas partir avant le trajet précédent')).toBeTruthy();
    expect(router.state.location.search).toMatchObject({ edit: true });

    await user.click(within(form).getByRole('button', { name: 'Ajouter un trajet' }));
    await user.click(within(form).getByRole('button', { name: 'Rechercher les vols' }));
    expect(await within(form).findByText('Veuillez choisir une destination dans la liste')).toBeTruthy();
  }, 30_000);

  it('searches into the URL, and Back returns to the form filled with the search', async () => {
    expert();
    server.use(http.post('/api/v1/expert-search', () => HttpResponse.json({ result: firstJourney() })));
    const user = userEvent.setup();
    const { router } = await renderRoute(path({ ...TOUR, edit: true }));
    const form = await screen.findByRole('form', { name: 'Recherche experte' });
    await user.click(within(form).getByRole('button', { name: 'Rechercher les vols' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Votre itinéraire en 2 trajets' })).toBeTruthy();
    expect(router.state.location.search).toEqual(TOUR);
    router.history.back();
    const again = await screen.findByRole('form', { name: 'Recherche experte' });
    expect((within(again).getAllByRole('combobox', { name: 'Destination' })[1] as HTMLInputElement).value).toBe(ROME.name);
  }, 30_000);

  it('keeps one passenger when the company disables multi-passenger search', async () => {
    const user = userFixture();
    expert({ company: { ...user.company!, config: { ...user.company!.config, travelAgency: { hasMultipaxSearchDisabled: true } } } });
    await renderRoute(path({ ...TOUR, pax: ['me', 'age:30-59'], edit: true }));
    const form = await screen.findByRole('form', { name: 'Recherche experte' });
    expect(within(form).getByText('Votre entreprise limite la recherche à un seul passager.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: /Passagers Moi \(Alice Martin\)/ })).toBeTruthy();
  }, 30_000);

  it('is not for users without the expert mode: they go home', async () => {
    startSession('token', userFixture());
    const { router } = await renderRoute('/search-expert');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  }, 30_000);
});

describe('expert results', () => {
  it('goes journey by journey, back to an earlier card, then the travellers form adds the itinerary to the cart', async () => {
    expert();
    const nexts: unknown[] = [];
    const adds: unknown[] = [];
    server.use(
      http.post('/api/v1/expert-search', () => HttpResponse.json({ result: firstJourney() })),
      http.post(`/api/v1/expert-search/${EXPERT_ID}/next`, async ({ request }) => {
        const body = (await request.json()) as { offerIDs: string[] };
        nexts.push(body);
        return HttpResponse.json({ result: secondJourney(body.offerIDs[0]!, body.offerIDs[0]!.endsWith('~1') ? 6000 : 0) });
      }),
      http.post(`/api/v1/expert-search/${EXPERT_ID}/traveler-form`, () => HttpResponse.json({ result: travellerStep })),
      http.post(`/api/v1/cart/expert/${EXPERT_ID}`, async ({ request }) => {
        adds.push(await request.json());
        return HttpResponse.json({ result: { travel: travelFixture(), offer_errors: [] } });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderRoute(path(TOUR));
    await screen.findByRole('heading', { level: 1, name: 'Votre itinéraire en 2 trajets' });
    const carousel = () => screen.getByRole('navigation', { name: 'Trajets de l’itinéraire' });
    expect(within(carousel()).getByText('Étape 1 sur 2')).toBeTruthy();
    const prices = () => screen.getByRole('region', { name: 'Prix de l’itinéraire' });
    expect(prices().textContent).toContain('180,00\u00a0€');

    // The first flight's fares, then its Flex fare: the itinerary's price moves by its extra.
    const choose = screen.getByRole('button', { name: 'Choisir et passer au trajet suivant' });
    expect(choose).toHaveProperty('disabled', true);
    const flights = screen.getByRole('list', { name: 'Vols' });
    await user.click(within(flights).getAllByRole('button', { expanded: false })[0]!);
    await user.click(screen.getByRole('radio', { name: /Flex/ }));
    expect(prices().textContent).toContain('240,00\u00a0€');
    await user.click(choose);

    expect(await screen.findByRole('heading', { level: 2, name: 'Vols du trajet 2 : Nice → Rome' })).toBeTruthy();
    expect(nexts).toEqual([{ offerIDs: ['a1~0~economy~1'] }]);
    // The new step takes the focus to the page's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })));
    expect(within(carousel()).getByText('Étape 2 sur 2')).toBeTruthy();
    // The first card now shows its flight and extra price, and goes back to its journey.
    const back = within(carousel()).getByRole('button', { name: 'Revenir au trajet 1' });
    expect(back.textContent).toContain('07:10 – 08:45');
    expect(back.textContent).toContain('+60,00\u00a0€');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 2, name: 'Vols du trajet 1 : Paris → Nice' })).toBeTruthy();
    await user.click(within(screen.getByRole('list', { name: 'Vols' })).getAllByRole('button', { expanded: false })[0]!);
    expect(screen.getByRole('radio', { name: /Flex/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Choisir et passer au trajet suivant' }));

    await user.click(within(await screen.findByRole('list', { name: 'Vols' })).getAllByRole('button', { expanded: false })[0]!);
    await user.click(screen.getByRole('radio', { name: /Light/ }));
    await user.click(screen.getByRole('button', { name: 'Choisir et saisir les voyageurs' }));

    // The travellers form: a required field left empty is named, nothing is posted.
    const add = await screen.findByRole('button', { name: 'Ajouter l’itinéraire au panier' });
    await user.click(add);
    expect(await screen.findByText('Ce champ est requis')).toBeTruthy();
    expect(adds).toEqual([]);
    await user.type(screen.getByLabelText('Date de naissance *'), '12/04/1988');
    await user.click(add);
    await waitFor(() => expect(adds).toHaveLength(1));
    expect(adds[0]).toEqual({
      offerIDs: ['a1~0~economy~1', 'b2~0~economy~0'],
      customer_id: null,
      entity_id: 'e-paris',
      travelers: [{ travelerID: 1, profile_id: 'u-alice', guest_id: null, fields: { lastname: 'Martin', birthdate: '1988-04-12' } }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  }, 60_000);

  it('goes back to the search, filled, when the search fails', async () => {
    expert();
    server.use(
      http.post('/api/v1/expert-search', () => HttpResponse.json(apiError(24, 'Aucun vol pour le trajet 2 (Nice → Rome) à cette date.'), { status: 404 })),
    );
    const { router } = await renderRoute(path(TOUR));
    expect(await screen.findByRole('form', { name: 'Recherche experte' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ ...TOUR, edit: true });
  }, 30_000);
});
