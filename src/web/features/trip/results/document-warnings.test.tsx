import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import type { DocumentWarning } from '@contract/trip';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { aliceTravelerStep, offer, proposal } from './fixtures';
import { TravelerStep } from './TravelerStep';

/*
 * The traveller step of a flight shows what the server says the traveller's recorded
 * identity documents lack, with the way to the user's documents when the traveller is the user.
 */

const PASSPORT_MISSING: DocumentWarning = {
  code: 'PASSPORT_MISSING',
  message: 'Ce vol sort de l’espace Schengen : il faut un passeport, et aucun n’est enregistré pour ce voyageur.',
  expiration_date: null,
};

function renderStep(warnings: DocumentWarning[], profileID = 'u-alice') {
  startSession('token', userFixture());
  const step = aliceTravelerStep();
  step.travelerForms[0] = { ...step.travelerForms[0]!, profileID, documentWarnings: warnings } as (typeof step.travelerForms)[number];
  server.use(http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: step })));
  const chosen = [{ proposal: proposal('s1', { index: 0, dep: '07:00', arr: '09:00', duration: 120 }), offer: offer('s1', 0, 'second', 0, 2, 4500) }];
  const root = createRootRoute();
  const results = createRoute({
    getParentRoute: () => root,
    path: '/search',
    component: () => (
      <TravelerStep
        link={{ href: '/api/v1/ticket/travelerForm', method: 'POST' }}
        chosen={chosen}
        travelers={[{ id: 1, profile_id: profileID }]}
        travelID={null}
        entity="e-paris"
        onAdded={() => {}}
      />
    ),
  });
  const documents = createRoute({ getParentRoute: () => root, path: '/account/informations', component: () => <h1>Données personnelles</h1> });
  const router = createRouter({ routeTree: root.addChildren([results, documents]), history: createMemoryHistory({ initialEntries: ['/search'] }) });
  renderApp(<RouterProvider router={router} />);
  return router;
}

describe('identity-document warnings on the traveller step', () => {
  it('shows the warning in the traveller’s card, with the way to the user’s documents', async () => {
    const router = renderStep([PASSPORT_MISSING]);
    const card = (await screen.findByRole('heading', { name: 'Voyageur 1' })).closest('li')!;
    expect(within(card).getByText(PASSPORT_MISSING.message)).toBeTruthy();
    const manage = within(card).getByRole('link', { name: 'Gérer mes pièces d’identité' });
    expect(manage.getAttribute('href')).toBe('/account/informations#documents');
    await userEvent.setup().click(manage);
    expect(await screen.findByRole('heading', { name: 'Données personnelles' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/informations');
  });

  it('shows nothing when the documents cover the trip', async () => {
    renderStep([]);
    await screen.findByRole('heading', { name: 'Voyageur 1' });
    expect(screen.queryByText(/passeport/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Gérer mes pièces d’identité' })).toBeNull();
  });

  it('offers no link to the user’s own documents for someone else they book for', async () => {
    renderStep([PASSPORT_MISSING], 'u-bob');
    expect(await screen.findByText(PASSPORT_MISSING.message)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Gérer mes pièces d’identité' })).toBeNull();
  });
});
