import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Offer } from '@contract/trip';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { aliceTravelerStep, offer, proposal } from './fixtures';
import { TravelerStep } from './TravelerStep';

const option = (value: string, label: string) => ({ value, label });
const PLACEMENT = [
  { name: 'position', label: 'Placement', options: [option('any', 'Sans préférence'), option('window', 'Fenêtre'), option('aisle', 'Couloir')] },
  { name: 'deck', label: 'Salle', options: [option('any', 'Sans préférence'), option('upper', 'Haute'), option('lower', 'Basse')] },
];
const STEP = aliceTravelerStep(PLACEMENT);

function renderStep(ancillaries: Offer['ancillaries'] = [], legs = 1, tags: Offer['tags'] = ['compliant']) {
  startSession('token', userFixture());
  const calls: unknown[] = [];
  server.use(
    http.post('/api/v1/ticket/travelerForm', () => HttpResponse.json({ result: STEP })),
    // Only the body matters here: the answer refuses, so these tests do not depend on the travel's shape.
    http.post('/api/v1/cart/add', async ({ request }) => {
      calls.push(await request.json());
      return HttpResponse.json(apiError(16, 'Offres invalides.'), { status: 400 });
    }),
  );
  const chosen = Array.from({ length: legs }, (_, i) => ({
    proposal: proposal('s1', { index: i, dep: '07:00', arr: '09:00', duration: 120 }),
    offer: offer('s1', i, 'second', 0, 2, 4500, { ancillaries, tags }),
  }));
  renderApp(
    <TravelerStep
      link={{ href: '/api/v1/ticket/travelerForm', method: 'POST' }}
      chosen={chosen}
      travelers={[{ id: 1, profile_id: 'u-alice' }]}
      travelID={null}
      entity="e-paris"
      onAdded={() => {}}
    />,
  );
  return calls;
}

const summary = () => screen.getByRole('region', { name: 'Préférences de placement' });

describe('Traveller step: seat wishes and options (spec 2)', () => {
  it('edits the seat wishes in their modal, and the add-to-cart body carries them', async () => {
    const user = userEvent.setup();
    const calls = renderStep();
    await screen.findByRole('heading', { name: 'Informations voyageurs' });
    expect(within(summary()).getByText('Aucune préférence')).toBeTruthy();
    const edit = within(summary()).getByRole('button', { name: 'Modifier les préférences de placement' });

    // Escape and Cancel change nothing; focus comes back to the button.
    await user.click(edit);
    let dialog = await screen.findByRole('dialog', { name: 'Préférences de placement' });
    const position = within(dialog).getByRole('group', { name: 'Placement' });
    await waitFor(() => expect(document.activeElement).toBe(within(position).getByRole('radio', { name: 'Sans préférence' })));
    await user.click(within(position).getByRole('radio', { name: 'Fenêtre' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(edit);
    expect(within(summary()).getByText('Aucune préférence')).toBeTruthy();
    await user.click(edit);
    dialog = await screen.findByRole('dialog', { name: 'Préférences de placement' });
    await user.click(within(within(dialog).getByRole('group', { name: 'Placement' })).getByRole('radio', { name: 'Couloir' }));
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(summary()).getByText('Aucune préférence')).toBeTruthy();

    await user.click(edit);
    dialog = await screen.findByRole('dialog', { name: 'Préférences de placement' });
    await user.click(within(within(dialog).getByRole('group', { name: 'Placement' })).getByRole('radio', { name: 'Fenêtre' }));
    await user.click(within(within(dialog).getByRole('group', { name: 'Salle' })).getByRole('radio', { name: 'Haute' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(summary()).getByText('Placement : Fenêtre, Salle : Haute')).toBeTruthy();

    // Reopened, the modal shows the wishes; "no preference" again drops that wish.
    await user.click(edit);
    dialog = await screen.findByRole('dialog', { name: 'Préférences de placement' });
    const deck = within(dialog).getByRole('group', { name: 'Salle' });
    expect(within(deck).getByRole('radio', { name: 'Haute' })).toHaveProperty('checked', true);
    await user.click(within(deck).getByRole('radio', { name: 'Sans préférence' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    expect(within(summary()).getByText('Placement : Fenêtre')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await screen.findByText('Offres invalides.');
    expect(calls[0]).toMatchObject({ placementWishes: { position: 'window' }, ancillaries: [] });
  });

  it('lists options flex first, then luggage, then alphabetically; toggles and counters, prices only above 0', async () => {
    const user = userEvent.setup();
    const calls = renderStep([
      { type: 'pmr', price: { amount: 0, currency: 'EUR' }, maxQuantity: 1 },
      { type: 'bike', price: { amount: 1000, currency: 'EUR' }, maxQuantity: 1 },
      { type: 'additional-luggage', price: { amount: 2000, currency: 'EUR' }, maxQuantity: 2 },
      { type: 'ouigo-flex', price: { amount: 500, currency: 'EUR' }, maxQuantity: 1 },
    ]);
    const options = await screen.findByRole('group', { name: 'Options' });
    const names = within(options)
      .getAllByRole('switch')
      .map((s) => (s as HTMLInputElement).labels![0]!.textContent!.replace(/\s/g, ' '));
    expect(names).toEqual(['Option flexibilité (5,00 €)', 'Assistance PMR', 'Vélo (10,00 €)']);
    const luggage = within(options).getByRole('group', { name: 'Bagage supplémentaire' });
    expect(options.textContent!.indexOf('Bagage supplémentaire')).toBeLessThan(options.textContent!.indexOf('Assistance PMR'));
    expect(options.textContent!.indexOf('Option flexibilité')).toBeLessThan(options.textContent!.indexOf('Bagage supplémentaire'));

    await user.click(within(options).getByRole('switch', { name: /Vélo/ }));
    const more = within(luggage).getByRole('button', { name: 'Ajouter : Bagage supplémentaire' });
    await user.click(more);
    await user.click(more);
    expect(more).toHaveProperty('disabled', true);
    await user.click(within(luggage).getByRole('button', { name: 'Retirer : Bagage supplémentaire' }));
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await screen.findByText('Offres invalides.');
    expect(calls[0]).toMatchObject({
      ancillaries: [
        { offerID: 's1~0~second~0', type: 'bike', quantity: 1 },
        { offerID: 's1~0~second~0', type: 'additional-luggage', quantity: 1 },
      ],
    });
  });

  it('shows the assistance of a fare sold for a disabled traveller as booked, not to untick', async () => {
    renderStep([{ type: 'pmr', price: { amount: 0, currency: 'EUR' }, maxQuantity: 1 }], 1, ['compliant', 'disabled-pax']);
    const options = await screen.findByRole('group', { name: 'Options' });
    const pmr = within(options).getByRole('switch', { name: /^Assistance PMR/ }) as HTMLInputElement;
    expect({ checked: pmr.checked, disabled: pmr.disabled }).toEqual({ checked: true, disabled: true });
    expect(pmr.labels![0]!.textContent).toContain('votre profil indique un besoin d’accessibilité');
  });

  it('names each leg’s options on a round trip', async () => {
    renderStep([{ type: 'bike', price: { amount: 1000, currency: 'EUR' }, maxQuantity: 1 }], 2);
    const options = await screen.findByRole('group', { name: 'Options' });
    expect(within(options).getByRole('switch', { name: /^Vélo \(aller\)/ })).toBeTruthy();
    expect(within(options).getByRole('switch', { name: /^Vélo \(retour\)/ })).toBeTruthy();
  });
});
