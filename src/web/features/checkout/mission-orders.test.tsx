import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { MissionOrderForm } from '@contract/checkout-steps';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { HREF, checkoutTravel, serveTravel, signIn } from './fixtures';

afterEach(() => server.events.removeAllListeners());

const order = (travelerId: number, firstname: string, lastname: string): MissionOrderForm => ({
  travelerId,
  pax: { firstname, lastname },
  travelData: [
    {
      transport: 'rail',
      travel: { start: '2026-12-01T07:04:00+01:00', end: '2026-12-01T09:02:00+01:00', type: 'rail', routes: ['Paris', 'Lyon'], amount: 8900, compliant: true },
    },
  ],
  purpose: null,
  location: null,
  startLocation: null,
  endLocation: null,
  extraRemark: null,
  travel_policy_exemption: null,
});

function serveOrders(isCompliant = true) {
  const state = { travel: checkoutTravel(['getMissionOrders', 'patchMissionOrders', 'confirm']) };
  const calls = serveTravel(state);
  server.use(
    http.get(`${HREF}/mission-orders`, () =>
      HttpResponse.json({
        result: {
          missionOrders: [order(1, 'Gus', 'Bernard'), order(2, 'Hélène', 'Roy')],
          isCompliant,
          links: { patchMissionOrders: { href: `${HREF}/mission-orders`, method: 'PATCH' } },
        },
      }),
    ),
    http.patch(`${HREF}/mission-orders`, () => {
      state.travel = checkoutTravel(['confirm'], { version: 4 });
      return HttpResponse.json({ result: { links: { getTravel: { href: HREF, method: 'GET' } } } });
    }),
  );
  return calls;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (el: HTMLElement) => document.getElementById(el.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent;
const REQUIRED = ['Objet de la mission *', 'Lieu de la mission *', 'Lieu de départ *', 'Lieu de retour *'];

async function fill(user: ReturnType<typeof userEvent.setup>, prefix: string) {
  for (const label of REQUIRED) await user.type(input(label), `${prefix} ${label.split(' ')[0]}`);
}

describe('Mission-order wizard (spec 2 §2, §4, §5)', () => {
  it('one form per traveller with its trip; Next checks the form (PLEASE_FILL) and moves on only without errors; the last sends all', async () => {
    signIn();
    const calls = serveOrders();
    await renderRoute('/cart/checkout?travel=t1');
    await screen.findByRole('heading', { name: 'Ordres de mission' });
    expect(screen.getByRole('heading', { name: 'Gus Bernard' })).toBeTruthy();
    expect(screen.getByLabelText('Voyageur 1 sur 2').textContent).toBe('1/2');
    expect(within(screen.getByRole('form', { name: 'Ordres de mission' })).getByText('Paris → Lyon')).toBeTruthy();
    // The stations' clocks (Paris, +01:00), not the reader's.
    expect(within(screen.getByRole('form', { name: 'Ordres de mission' })).getByText('01/12/2026 07:04 – 09:02')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Précédent' })).toBeNull();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(document.activeElement).toBe(input('Objet de la mission *')));
    for (const label of REQUIRED) {
      expect(input(label).getAttribute('aria-invalid')).toBe('true');
      expect(errorOf(input(label))).toBe('Veuillez remplir ce champ');
    }
    expect(errorOf(input('Remarque (facultatif)'))).toBeUndefined();
    expect(input('Remarque (facultatif)').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByText('Certains champs sont à compléter ou à corriger.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Gus Bernard' })).toBeTruthy();

    await fill(user, 'Gus');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    expect(await screen.findByRole('heading', { name: 'Hélène Roy' })).toBeTruthy();
    expect(screen.getByLabelText('Voyageur 2 sur 2').textContent).toBe('2/2');
    expect(input('Objet de la mission *').value).toBe('');

    // Back keeps what was typed.
    await user.click(screen.getByRole('button', { name: 'Précédent' }));
    expect(await screen.findByRole('heading', { name: 'Gus Bernard' })).toBeTruthy();
    expect(input('Objet de la mission *').value).toBe('Gus Objet');
    await user.click(screen.getByRole('button', { name: 'Suivant' }));
    await screen.findByRole('heading', { name: 'Hélène Roy' });

    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(errorOf(input('Lieu de retour *'))).toBe('Veuillez remplir ce champ'));
    expect(calls).toHaveLength(0);
    await fill(user, 'Hélène');
    await user.type(input('Remarque (facultatif)'), 'Train de nuit');
    await user.click(screen.getByRole('button', { name: 'Valider' }));

    expect(await screen.findByRole('button', { name: 'Confirmer et payer (paiement entreprise)' })).toBeTruthy();
    expect(calls).toEqual([expect.objectContaining({ method: 'PATCH', path: '/mission-orders', ifMatch: '3', key: expect.any(String) })]);
    expect(calls[0]!.body).toEqual([
      {
        travelerId: 1,
        purpose: 'Gus Objet',
        location: 'Gus Lieu',
        startLocation: 'Gus Lieu',
        endLocation: 'Gus Lieu',
        extraRemark: null,
        travel_policy_exemption: null,
      },
      {
        travelerId: 2,
        purpose: 'Hélène Objet',
        location: 'Hélène Lieu',
        startLocation: 'Hélène Lieu',
        endLocation: 'Hélène Lieu',
        extraRemark: 'Train de nuit',
        travel_policy_exemption: null,
      },
    ]);
  }, 20_000);

  it('asks the reason of a non-compliant travel (PLEASE_FILL)', async () => {
    signIn();
    serveOrders(false);
    await renderRoute('/cart/checkout?travel=t1');
    await screen.findByRole('heading', { name: 'Ordres de mission' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(errorOf(input('Motif du hors politique *'))).toBe('Veuillez remplir ce champ'));
  });
});
