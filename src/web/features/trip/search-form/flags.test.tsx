import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { FeatureFlags } from '@contract/account';
import type { Place } from '@contract/places';
import { DEFAULT_FEATURES } from '@web/lib/features';
import { startSession } from '@web/lib/session';
import { brandingFixture, userFixture } from '@web/testing/fixtures';
import { server } from '@web/testing/server';
import { LYON, PARIS, renderTripForm, openPassengers } from './testing';

/** The trip form's flags not covered in TripSearchForm.test.tsx: each in both states. */
const NOW = new Date(2030, 4, 15, 10, 30);
const OFFICE: Place = { ...PARIS, ID: 'address:acme-paris-hq', name: 'Acme – Paris HQ', type: 'stop_point', src: 'company' };
const signIn = (features: Partial<FeatureFlags>) => startSession('t', userFixture({ features: { ...DEFAULT_FEATURES, ...features } }));
const departure = () => screen.getByRole('combobox', { name: 'Départ' }) as HTMLInputElement;

/** GET /places: the suggestions of a blank query end with the company's addresses. */
function placesApi() {
  const asked: string[] = [];
  server.use(
    http.get('/api/v1/places', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ result: [PARIS, LYON, OFFICE] });
    }),
  );
  return asked;
}

describe('the trip search form’s feature flags', () => {
  it('locationPrefilledSearch on: the trip leaves from the company’s address', async () => {
    placesApi();
    signIn({ locationPrefilledSearch: true });
    await renderTripForm({ now: () => NOW });
    await waitFor(() => expect(departure().value).toBe('Acme – Paris HQ'));
    expect(screen.getByRole('combobox', { name: 'Destination' }).getAttribute('value') ?? '').toBe('');
  });

  it('locationPrefilledSearch on: a search to edit keeps its own departure', async () => {
    const asked = placesApi();
    signIn({ locationPrefilledSearch: true });
    await renderTripForm({ now: () => NOW, initial: { from: LYON, to: PARIS } });
    expect(departure().value).toBe('Lyon');
    expect(asked).toEqual([]);
  });

  it('locationPrefilledSearch off: the departure is empty, and nothing is asked', async () => {
    const asked = placesApi();
    signIn({});
    await renderTripForm({ now: () => NOW });
    expect(departure().value).toBe('');
    expect(asked).toEqual([]);
  });

  it('allBirthdateRequired off: a traveller without a birthdate may search', async () => {
    signIn({ allBirthdateRequired: false });
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    await openPassengers(user);
    const panel = screen.getByRole('complementary', { name: 'Détails de la recherche' });
    await user.click(await within(panel).findByRole('button', { name: 'Ajouter un voyageur' }));
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });

  it('gives a signed-out visitor the agency’s flags: no swap when the agency turns it off', async () => {
    server.use(
      http.get('/api/v1/agency', () => HttpResponse.json({ result: { ...brandingFixture, features: { ...DEFAULT_FEATURES, enableReverseLocation: false } } })),
    );
    await renderTripForm({ now: () => NOW });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Inverser le départ et la destination' })).toBeNull());
    expect(departure()).toBeTruthy();
  });
});
