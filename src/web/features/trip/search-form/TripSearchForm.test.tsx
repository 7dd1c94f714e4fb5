import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { DEFAULT_FEATURES } from '@contract/account';
import { clearSession, startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { server } from '@web/testing/server';
import { LYON, MARSEILLE, PARIS, renderTripForm, openPassengers } from './testing';

const NOW = new Date(2030, 4, 15, 10, 30);

function placesApi() {
  server.use(
    http.get('/api/v1/places', ({ request }) => {
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      return HttpResponse.json({ result: [PARIS, LYON, MARSEILLE].filter((p) => p.name.toLowerCase().startsWith(q)) });
    }),
  );
}

/** The error shown for a field: announced, and tied to it with aria-describedby. */
function errorOf(field: HTMLElement): string | undefined {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const alert = ids.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
  return alert?.textContent ?? undefined;
}
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Rechercher' }));

async function choosePlace(user: ReturnType<typeof userEvent.setup>, label: string, name: string) {
  const input = screen.getByRole('combobox', { name: label });
  await user.click(input);
  await user.click(await within(screen.getByRole('listbox', { name: label, hidden: true })).findByRole('option', { name: new RegExp(name) }));
}

describe('trip search form (spec 1 §2, §4, §5)', () => {
  beforeEach(placesApi);
  it('asks for places from the list', async () => {
    placesApi();
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW });
    await submit(user);
    await waitFor(() => expect(errorOf(screen.getByRole('combobox', { name: 'Départ' }))).toBe('Veuillez choisir un lieu de départ dans la liste'));
    expect(errorOf(screen.getByRole('combobox', { name: 'Destination' }))).toBe('Veuillez choisir une destination dans la liste');
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Départ' }));
  });

  it('asks for different origin and destination', async () => {
    await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: PARIS } });
    const user = userEvent.setup();
    await submit(user);
    await waitFor(() => expect(errorOf(screen.getByRole('combobox', { name: 'Destination' }))).toBe('Le départ et la destination doivent être différents'));
  });

  it('moves the focus from origin to destination to the date, and searches with the /search params', async () => {
    placesApi();
    const user = userEvent.setup();
    startSession('t', userFixture());
    const { router } = await renderTripForm({ now: () => NOW, travelID: 'tr-1' });
    await choosePlace(user, 'Départ', 'Paris');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Destination' })));
    const destinations = screen.getByRole('listbox', { name: 'Destination', hidden: true });
    const lyon = await within(destinations).findByRole('option', { name: /Lyon/ });
    expect(within(destinations).queryByRole('option', { name: /Paris/ })).toBeNull(); // excluded at the other end
    await user.click(lyon);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Date d’aller')));
    // The calendar's code comes with the form's first use.
    await waitFor(() => expect(screen.getByRole('complementary', { name: 'Détails de la recherche' }).textContent).toContain('Matin'));
    await user.click(screen.getByRole('button', { name: 'Après-midi' }));
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toEqual({
      from: 'city-paris',
      to: 'city-lyon',
      date: '2030-05-15T14:00',
      mode: 'departure',
      pax: ['me'],
      entity: 'e-paris',
      travelID: 'tr-1',
    });
  });

  it('refuses a departure date or time that has passed', async () => {
    let clock = NOW;
    const user = userEvent.setup();
    await renderTripForm({ now: () => clock, initial: { from: PARIS, to: LYON } });
    const date = screen.getByLabelText('Date d’aller');
    clock = new Date(2030, 4, 15, 12, 0); // the default 11:30 has passed
    await submit(user);
    await waitFor(() => expect(errorOf(date)).toBe('Veuillez choisir une heure qui n’est pas passée'));
    clock = new Date(2030, 4, 16, 9, 0); // the day has passed
    await submit(user);
    await waitFor(() => expect(errorOf(date)).toBe('Cette date est passée : choisissez aujourd’hui ou un jour suivant'));
  });

  it('says next to the date why it cannot be searched: empty, no such day, a past day kept as typed, beyond the booking horizon', async () => {
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    const date = screen.getByLabelText('Date d’aller') as HTMLInputElement;
    const said = async (typed: string) => {
      await user.clear(date);
      if (typed) await user.type(date, typed);
      await submit(user);
      await waitFor(() => expect(errorOf(date)).toBeTruthy());
      return errorOf(date);
    };
    expect(await said('')).toBe('Saisissez une date d’aller');
    expect(await said('31/02/2031')).toBe('Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA');
    expect(await said('12/05')).toBe('Date invalide : saisissez un jour qui existe, au format JJ/MM/AAAA');
    expect(await said('14/05/2030')).toBe('Cette date est passée : choisissez aujourd’hui ou un jour suivant');
    expect(date.value).toBe('14/05/2030');
    // Today is 15/05/2030: the last bookable day is a year later.
    expect(await said('10/01/2032')).toBe('Date trop lointaine : le dernier jour réservable est le 15/05/2031');
    expect(await said('16/05/2031')).toBe('Date trop lointaine : le dernier jour réservable est le 15/05/2031');
    expect(router.state.location.pathname).toBe('/');
    await user.clear(date);
    await user.type(date, '15/05/2031');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ date: '2031-05-15T11:30' });
  });

  it('is used with the keyboard alone: every control in order, the calendar and its hours right after the date field', async () => {
    const user = userEvent.setup();
    startSession('t', userFixture());
    await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    const form = screen.getByRole('form', { name: 'Recherche de trajet' });
    const date = within(form).getByLabelText('Date d’aller');
    const calendarButton = within(form).getByRole('button', { name: 'Calendrier et heure, 11:30' });
    const order = [
      within(form).getByRole('combobox', { name: 'Départ' }),
      within(form).getByRole('button', { name: 'Inverser le départ et la destination' }),
      within(form).getByRole('combobox', { name: 'Destination' }),
      within(form).getByRole('radio', { name: 'Partir après' }),
      date,
      calendarButton,
      within(form).getByRole('button', { name: 'Ajouter un retour' }),
      within(form).getByRole('button', { name: /^Passagers/ }),
      within(form).getByRole('combobox', { name: 'Entité' }),
      within(form).getByRole('button', { name: 'Rechercher' }),
    ];
    order[0]!.focus();
    for (const next of order.slice(1)) {
      await user.tab();
      expect(document.activeElement).toBe(next);
    }

    // The calendar button takes the keyboard into the panel: the chosen day, the quick buttons, the hours, Valider.
    calendarButton.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('complementary', { name: 'Détails de la recherche' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/15 mai 2030/));
    expect(calendarButton.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowRight}{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Matin' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('radio', { name: '06:00' }));
    await user.click(within(panel).getByRole('radio', { name: '18:00' }));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Valider' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(date));
    expect((date as HTMLInputElement).value).toBe('16/05/2030');
    expect(within(form).getByRole('button', { name: 'Calendrier et heure, 18:00' })).toBe(calendarButton);

    // Escape leaves the panel for its field; the passengers button takes the keyboard into its panel too.
    calendarButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(date));
    const pax = within(form).getByRole('button', { name: /^Passagers/ });
    pax.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(panel));
    await user.tab();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Retirer Moi (Alice Martin)' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(pax));
  });

  it('wants the return after the departure: the day, then the time, and not passed', async () => {
    let clock = NOW;
    const user = userEvent.setup();
    await renderTripForm({ now: () => clock, initial: { from: PARIS, to: LYON } });
    await user.click(screen.getByRole('button', { name: 'Ajouter un retour' }));
    const ret = screen.getByLabelText('Date de retour');
    expect((ret as HTMLInputElement).value).toBe('15/05/2030');
    // The departure moves to the afternoon: the 12:30 return is now before it.
    await user.click(screen.getByLabelText('Date d’aller'));
    await user.click(screen.getByRole('button', { name: 'Après-midi' }));
    await submit(user);
    await waitFor(() => expect(errorOf(ret)).toBe('L’heure de retour doit être après l’heure d’aller'));
    // The departure moves to a later day: the return is reset.
    const date = screen.getByLabelText('Date d’aller');
    await user.clear(date);
    await user.type(date, '20/05/2030');
    await submit(user);
    await waitFor(() => expect(errorOf(ret)).toBe('La date de retour doit être après la date d’aller'));
    expect((ret as HTMLInputElement).value).toBe('');
    await user.clear(date);
    await user.type(date, '15/05/2030');
    await user.type(ret, '15/05/2030');
    expect((ret as HTMLInputElement).value).toBe('15/05/2030');
    clock = new Date(2030, 4, 15, 16, 0);
    await submit(user);
    await waitFor(() => expect(errorOf(ret)).toBe('Veuillez choisir une heure qui n’est pas passée'));
  });

  it('wants 1 to 9 passengers, with birthdates when the company requires them', async () => {
    const user = userEvent.setup();
    startSession('t', userFixture({ features: { ...DEFAULT_FEATURES, allBirthdateRequired: true } }));
    await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    const paxButton = screen.getByRole('button', { name: /Passagers/ });
    await user.click(paxButton);
    const panel = screen.getByRole('complementary', { name: 'Détails de la recherche' });
    await user.click(within(panel).getByRole('button', { name: 'Retirer Moi (Alice Martin)' }));
    await submit(user);
    await waitFor(() => expect(errorOf(paxButton)).toBe('Ajoutez au moins un passager'));

    await user.click(paxButton);
    await user.click(await within(panel).findByRole('button', { name: 'Ajouter un voyageur' }));
    await submit(user);
    await waitFor(() => expect(errorOf(paxButton)).toBe('Renseignez la date de naissance de chaque passager'));

    await user.click(paxButton);
    for (let i = 0; i < 8; i += 1) await user.click(await within(panel).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(within(panel).getAllByRole('button', { name: /^Retirer/ })).toHaveLength(9);
    expect(within(panel).queryByRole('alert')).toBeNull();
    await user.click(await within(panel).findByRole('button', { name: 'Ajouter un voyageur' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Vous ne pouvez pas ajouter plus de 9 passagers');
    expect(within(panel).getAllByRole('button', { name: /^Retirer/ })).toHaveLength(9);
  });

  it('asks for an entity when the user has several, and preselects a single one', async () => {
    const user = userEvent.setup();
    const two = [
      { uid: 'e-paris', name: 'Paris HQ' },
      { uid: 'e-lyon', name: 'Lyon' },
    ];
    startSession('t', userFixture({ entities: two }));
    await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    const entity = screen.getByRole('combobox', { name: 'Entité' });
    expect((entity as HTMLSelectElement).value).toBe('');
    await submit(user);
    await waitFor(() => expect(errorOf(entity)).toBe('Veuillez choisir une entité'));
  });

  it('shows the options the user has: swap, special fares, entities, colleagues; none signed out', async () => {
    startSession(
      't',
      userFixture({ special_fares: [{ code: 'SNCF-PRO', label: 'Tarif pro' }], features: { ...DEFAULT_FEATURES, enableReverseLocation: false } }),
    );
    const view = await renderTripForm({ now: () => NOW });
    expect(screen.queryByRole('button', { name: 'Inverser le départ et la destination' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Tarif spécial' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Entité' }) as HTMLSelectElement).value).toBe('e-paris');
    view.unmount();

    clearSession();
    const user = userEvent.setup();
    await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    expect(screen.getByRole('button', { name: 'Inverser le départ et la destination' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Tarif spécial' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Entité' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Inverser le départ et la destination' }));
    expect((screen.getByRole('combobox', { name: 'Départ' }) as HTMLInputElement).value).toBe('Lyon');
    await openPassengers(user);
    expect(screen.queryByLabelText('Ajouter un collègue ou un invité')).toBeNull();
    expect(screen.getByRole('button', { name: /Passagers/ }).textContent).toContain('Voyageur, 30 à 59 ans');
  });

  it('adds colleagues and guests found by name (500 ms debounce)', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/users/', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({ result: [{ uid: 'u-bob', firstname: 'Bob', lastname: 'Durand', email: 'bob@acme.example' }] });
      }),
      http.get('/api/v1/user/guests', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json({ result: [{ uid: 'g-1', firstname: 'Gina', lastname: 'Invitée', email: 'gina@example.com' }] });
      }),
      http.get('/api/v1/places', () => HttpResponse.json({ result: [PARIS, LYON] })),
    );
    startSession('t', userFixture());
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    await openPassengers(user);
    await user.type(screen.getByLabelText('Ajouter un collègue ou un invité'), 'Du');
    await user.click(await screen.findByRole('button', { name: /Ajouter Bob Durand/ }));
    await user.click(await screen.findByRole('button', { name: /Ajouter Gina Invitée/ }));
    expect(asked.every((u) => u.includes('query=Du') && u.includes('limit=15'))).toBe(true);
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ pax: ['me', 'profile:u-bob', 'guest:g-1'] });
  });

  it('offers the last people the user booked for, one click each, and not those already chosen', async () => {
    const last_travelers = [
      { uid: 'u-bob', type: 'employee' as const, gender: 'MR' as const, firstname: 'Bob', lastname: 'Durand' },
      { uid: 'g-1', type: 'guest' as const, gender: 'MS' as const, firstname: 'Gina', lastname: 'Invitée' },
    ];
    startSession('t', userFixture({ last_travelers }));
    const user = userEvent.setup();
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    await openPassengers(user);
    const recent = screen.getByRole('heading', { name: 'Voyageurs récents' }).parentElement!;
    await user.click(within(recent).getByRole('button', { name: 'Ajouter Gina Invitée' }));
    expect(within(recent).queryByRole('button', { name: 'Ajouter Gina Invitée' })).toBeNull();
    within(recent).getByRole('button', { name: 'Ajouter Bob Durand' });
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ pax: ['me', 'guest:g-1'] });
  });

  it('shows the travel banner with its cancel button, and the essential-trip link in a new tab', async () => {
    const user = userEvent.setup();
    startSession('t', userFixture());
    let cancelled = 0;
    await renderTripForm({ now: () => NOW, travelID: 'tr-1', onCancelTravel: () => (cancelled += 1) });
    const link = screen.getByRole('link', { name: /Évaluez son impact/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Ce trajet sera ajouté à votre voyage en cours.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(cancelled).toBe(1);
  });

  it('hides the travel banner for assistance agents and when the company says so', async () => {
    startSession('t', userFixture({ perms: ['assistance_agent'] }));
    const view = await renderTripForm({ now: () => NOW, travelID: 'tr-1' });
    expect(screen.queryByText('Ce trajet sera ajouté à votre voyage en cours.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ajouter un retour' })).toBeNull();
    view.unmount();
    startSession('t', userFixture({ features: { ...DEFAULT_FEATURES, hideExistingTravelMessage: true } }));
    await renderTripForm({ now: () => NOW, travelID: 'tr-1' });
    expect(screen.queryByText('Ce trajet sera ajouté à votre voyage en cours.')).toBeNull();
  });

  it('has an open-jaw return pair for the users who may use it', async () => {
    placesApi();
    const user = userEvent.setup();
    startSession('t', userFixture({ hasOpenJawSearchEnabled: true }));
    const { router } = await renderTripForm({ now: () => NOW, initial: { from: PARIS, to: LYON } });
    await user.click(screen.getByRole('button', { name: 'Ajouter un retour' }));
    await user.click(screen.getByLabelText('Retour depuis ou vers un autre lieu'));
    expect((screen.getByRole('combobox', { name: 'Départ du retour' }) as HTMLInputElement).value).toBe('Lyon');
    await user.clear(screen.getByRole('combobox', { name: 'Départ du retour' }));
    await choosePlace(user, 'Départ du retour', 'Marseille');
    await submit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toMatchObject({ retFrom: 'city-marseille', retTo: 'city-paris', ret: '2030-05-15T12:30' });
  });
});
