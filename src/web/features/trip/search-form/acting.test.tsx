import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { FeatureFlags, User } from '@contract/account';
import { actFor } from '@web/lib/acting';
import { DEFAULT_FEATURES } from '@web/lib/features';
import { startSession } from '@web/lib/session';
import { GLOBEX, ZOE, signInStaff as staff } from '@web/testing/acting';
import { userFixture } from '@web/testing/fixtures';
import { server } from '@web/testing/server';
import { LYON, PARIS, renderTripForm, openPassengers } from './testing';

/**
 * Spec 1 §6 and §3's flags on the trip form and its passengers panel: agency staff book for a customer
 * company and its traveller; the agency's flags and the company's config decide what the
 * passengers panel lets change; a travel manager creates passengers.
 */
const NOW = new Date(2030, 4, 15, 10, 30);
const employee = (overrides: Partial<User> = {}, features: Partial<FeatureFlags> = {}) =>
  startSession('t', userFixture({ ...overrides, features: { ...DEFAULT_FEATURES, ...features } }));

/** GET /users/ and /user/guests answer these people; the addresses asked are kept. */
function peopleApi(employees: { uid: string; firstname: string; lastname: string }[], guests: typeof employees = []) {
  const asked: string[] = [];
  const person = (p: (typeof employees)[number]) => ({ ...p, email: `${p.uid}@example.com` });
  server.use(
    http.get('/api/v1/users/', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json({ result: employees.map(person) });
    }),
    http.get('/api/v1/user/guests', ({ request }) => {
      asked.push(request.url);
      return HttpResponse.json({ result: guests.map(person) });
    }),
  );
  return asked;
}

const paxButton = () => screen.getByRole('button', { name: /^(Passagers|Voyageurs)/ });
const panel = () => screen.getByRole('complementary', { name: 'Détails de la recherche' });
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Rechercher' }));
const errorOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

afterEach(() => actFor(null));

describe('the trip form for agency staff (spec 1 §6)', () => {
  it('books for the chosen traveller of the customer company: its entities, the traveller first, the customer in the URL, never “me”', async () => {
    staff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    expect(paxButton().textContent).toContain('Zoé Petit');
    const entity = screen.getByRole('combobox', { name: 'Entité' }) as HTMLSelectElement;
    expect(entity.value).toBe('e-globex');
    expect(
      within(entity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir une entité', 'Globex Lyon']);
    await openPassengers(user, paxButton());
    expect(within(panel()).queryByText(/Moi/)).toBeNull();
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ pax: ['profile:u-zoe'], entity: 'e-globex', customer: 'c-globex' });
  });

  it('a search to edit whose address names “me” starts with the traveller instead', async () => {
    staff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    await renderTripForm({
      now: () => NOW,
      initial: {
        from: PARIS,
        to: LYON,
        pax: [
          { ref: 'me', name: null, hasBirthdate: false },
          { ref: 'age:0-3', name: null, hasBirthdate: false },
        ],
      },
    });
    expect(paxButton().textContent).toContain('2 passagers');
    const user = userEvent.setup();
    await openPassengers(user, paxButton());
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Zoé PetitVoyageur, 0 à 3 ans');
  });

  it('searches the customer company’s people, not the agent’s', async () => {
    staff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    const asked = peopleApi([{ uid: 'u-max', firstname: 'Max', lastname: 'Dupont' }]);
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    await user.type(within(panel()).getByLabelText('Ajouter un employé ou un invité du client'), 'Du');
    const max = await within(panel()).findByRole('button', { name: /Ajouter Max Dupont/ });
    expect(max.textContent).toContain('u-max@example.com · employé');
    await user.click(max);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => new URL(url).searchParams.get('company_id') === 'c-globex')).toBe(true);
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Zoé PetitMax Dupont');
  });

  it('a travel agent without a traveller yet searches with an unnamed traveller, for the company chosen', async () => {
    staff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: null });
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    expect(paxButton().textContent).toContain('Voyageur, 30 à 59 ans');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ pax: ['age:30-59'], customer: 'c-globex' });
  });

  it('an assistance agent starts with a blank passenger and cannot search until a traveller is chosen', async () => {
    staff(['assistance_agent']);
    actFor({ company: GLOBEX, traveler: null });
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    expect(paxButton().textContent).toContain('Voyageur à choisir');
    await submit(user);
    await waitFor(() => expect(errorOf(paxButton())).toBe('Choisissez d’abord le voyageur pour qui vous réservez'));
    expect(router.state.location.pathname).toBe('/');

    // A person found by name takes the blank passenger's place.
    peopleApi([
      { uid: 'u-zoe', firstname: 'Zoé', lastname: 'Petit' },
      { uid: 'u-max', firstname: 'Max', lastname: 'Dupont' },
    ]);
    await openPassengers(user, paxButton());
    expect(within(panel()).getByText('Choisissez d’abord le voyageur pour qui vous réservez.')).toBeTruthy();
    await user.type(within(panel()).getByLabelText('Ajouter un employé ou un invité du client'), 'Pe');
    await user.click(await within(panel()).findByRole('button', { name: /Ajouter Zoé Petit/ }));
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Zoé Petit');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ pax: ['profile:u-zoe'], customer: 'c-globex' });
  });

  it('starts again when the staff member chooses another traveller or company', async () => {
    staff(['travel_agent']);
    actFor({ company: GLOBEX, traveler: ZOE });
    await renderTripForm({ now: () => NOW });
    expect(paxButton().textContent).toContain('Zoé Petit');
    act(() =>
      actFor({
        company: {
          ...GLOBEX,
          uid: 'c-initech',
          entities: [
            { uid: 'e-1', name: 'Initech Nord' },
            { uid: 'e-2', name: 'Initech Sud' },
          ],
        },
        traveler: { uid: 'g-9', firstname: 'Gus', lastname: 'Invité', type: 'guest' },
      }),
    );
    await waitFor(() => expect(paxButton().textContent).toContain('Gus Invité'));
    const entity = screen.getByRole('combobox', { name: 'Entité' }) as HTMLSelectElement;
    expect(entity.value).toBe('');
    expect(
      within(entity)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir une entité', 'Initech Nord', 'Initech Sud']);
  });
});

describe('the passengers panel’s flags (spec 1 §3, §6)', () => {
  it('enablePassengerSearchTrip: colleagues and guests are searched by name only when on', async () => {
    employee({}, { enablePassengerSearchTrip: false });
    const user = userEvent.setup();
    const view = await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    expect(within(panel()).queryByLabelText('Ajouter un collègue ou un invité')).toBeNull();
    expect(await within(panel()).findByRole('button', { name: 'Ajouter un voyageur' })).toBeTruthy();
    view.unmount();

    employee({}, { enablePassengerSearchTrip: true });
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    expect(within(panel()).getByLabelText('Ajouter un collègue ou un invité')).toBeTruthy();
  });

  it('enableAddPassengerByAgent off: an assistance agent neither adds nor removes passengers', async () => {
    staff(['assistance_agent'], { enableAddPassengerByAgent: false });
    actFor({ company: GLOBEX, traveler: ZOE });
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Zoé Petit');
    expect(within(panel()).queryByRole('button', { name: /^Retirer/ })).toBeNull();
    expect(within(panel()).queryByRole('button', { name: 'Ajouter un voyageur' })).toBeNull();
    expect(within(panel()).queryByRole('searchbox')).toBeNull();
    expect(within(panel()).getByText('Votre agence ne permet pas d’ajouter ou de retirer des passagers.')).toBeTruthy();
  });

  it('enableAddPassengerByAgent on: an assistance agent adds and removes passengers', async () => {
    staff(['assistance_agent'], { enableAddPassengerByAgent: true });
    actFor({ company: GLOBEX, traveler: ZOE });
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    await user.click(await within(panel()).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(within(panel()).getAllByRole('button', { name: /^Retirer/ })).toHaveLength(2);
    await user.click(within(panel()).getByRole('button', { name: 'Retirer Zoé Petit' }));
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Voyageur, 30 à 59 ans');
    expect(within(panel()).queryByText('Votre agence ne permet pas d’ajouter ou de retirer des passagers.')).toBeNull();
  });

  it('autoSelectPassengerOnSearch on: a search that finds one person adds them', async () => {
    employee({}, { autoSelectPassengerOnSearch: true });
    peopleApi([{ uid: 'u-bob', firstname: 'Bob', lastname: 'Durand' }]);
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    const search = within(panel()).getByLabelText('Ajouter un collègue ou un invité') as HTMLInputElement;
    await user.type(search, 'Dur');
    await waitFor(() => expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Moi (Alice Martin)Bob Durand'));
    expect(search.value).toBe('');
    expect(within(panel()).getByRole('status').textContent).toBe('Bob Durand a été ajouté aux passagers.');
  });

  it('autoSelectPassengerOnSearch on: a search that finds two people lets the user choose', async () => {
    employee({}, { autoSelectPassengerOnSearch: true });
    peopleApi([{ uid: 'u-bob', firstname: 'Bob', lastname: 'Durand' }], [{ uid: 'g-1', firstname: 'Gina', lastname: 'Durand' }]);
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    await user.type(within(panel()).getByLabelText('Ajouter un collègue ou un invité'), 'Dur');
    expect(await within(panel()).findByRole('button', { name: /Ajouter Gina Durand/ })).toBeTruthy();
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Moi (Alice Martin)');
  });

  it('autoSelectPassengerOnSearch off: the one person found is offered, not added', async () => {
    employee({}, { autoSelectPassengerOnSearch: false });
    peopleApi([{ uid: 'u-bob', firstname: 'Bob', lastname: 'Durand' }]);
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    await user.type(within(panel()).getByLabelText('Ajouter un collègue ou un invité'), 'Dur');
    expect(await within(panel()).findByRole('button', { name: /Ajouter Bob Durand/ })).toBeTruthy();
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Moi (Alice Martin)');
  });

  it('hasMultipaxSearchDisabled: one passenger only, a second is refused', async () => {
    const alice = userFixture();
    employee({ company: { ...alice.company!, config: { ...alice.company!.config, travelAgency: { hasMultipaxSearchDisabled: true } } } });
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    expect(within(panel()).getByText('Votre entreprise limite la recherche à un seul passager.')).toBeTruthy();
    await user.click(await within(panel()).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(within(panel()).getByRole('alert').textContent).toBe('Un seul passager par recherche : retirez celui-ci pour en choisir un autre.');
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Moi (Alice Martin)');
    // Once the one passenger is removed, another may be chosen.
    await user.click(within(panel()).getByRole('button', { name: 'Retirer Moi (Alice Martin)' }));
    await user.click(await within(panel()).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(within(panel()).queryByRole('alert')).toBeNull();
    expect(within(panel()).getByRole('list', { name: 'Passagers' }).textContent).toBe('Voyageur, 30 à 59 ans');
  });

  it('hasMultipaxSearchDisabled off: several passengers', async () => {
    employee();
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await openPassengers(user, paxButton());
    await user.click(await within(panel()).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(within(panel()).getAllByRole('button', { name: /^Retirer/ })).toHaveLength(2);
    expect(within(panel()).queryByText('Votre entreprise limite la recherche à un seul passager.')).toBeNull();
  });

  it('a travel manager (account_creation) starts with no passenger and creates them', async () => {
    employee({ perms: ['account_creation'] });
    peopleApi([{ uid: 'u-bob', firstname: 'Bob', lastname: 'Durand' }]);
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    expect(paxButton().textContent).toContain('Aucun passager');
    await submit(user);
    await waitFor(() => expect(errorOf(paxButton())).toBe('Ajoutez au moins un passager'));
    await openPassengers(user, paxButton());
    expect(within(panel()).queryByRole('button', { name: 'Ajouter un voyageur' })).toBeNull();
    await user.type(within(panel()).getByLabelText('Créer un passager parmi vos collègues et invités'), 'Dur');
    await user.click(await within(panel()).findByRole('button', { name: /Créer le passager Bob Durand/ }));
    await user.click(within(panel()).getByRole('button', { name: 'Créer un voyageur' }));
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ pax: ['profile:u-bob', 'age:30-59'] });
    expect(router.state.location.search).not.toHaveProperty('customer');
  });

  it('anyone else starts as the first passenger and adds the others', async () => {
    employee();
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    expect(paxButton().textContent).toContain('Moi (Alice Martin)');
    await openPassengers(user, paxButton());
    expect(await within(panel()).findByRole('button', { name: 'Ajouter un voyageur' })).toBeTruthy();
    expect(within(panel()).queryByRole('button', { name: 'Créer un voyageur' })).toBeNull();
  });
});
