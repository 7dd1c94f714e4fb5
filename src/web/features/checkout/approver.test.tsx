import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Approver } from '@contract/checkout-steps';
import { apiError } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { HREF, approver, checkoutTravel, serveTravel, signIn } from './fixtures';

const BOB = approver('bob', 'Bob', 'Durand');
const CAROL = approver('carol', 'Carol', 'Petit');
const DAN = approver('dan', 'Dan', 'Roux');

afterEach(() => server.events.removeAllListeners());

function serveApprovers(approvers: Approver[], backupApprovers: Approver[] = []) {
  const state = { travel: checkoutTravel(['getAvailableApprovers', 'fillApprovers']) };
  const calls = serveTravel(state);
  server.use(
    http.get(`${HREF}/approvers`, () =>
      HttpResponse.json({ result: { approvers, backupApprovers, links: { fillApprovers: { href: `${HREF}/approvers`, method: 'PATCH' } } } }),
    ),
  );
  return { state, calls };
}

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Approver modal (spec 2 §2, §5)', () => {
  it('asks for an approver (PLEASE_CHOOSE_APPROVER); the two lists leave out each other’s choice; the spare one can be cleared', async () => {
    signIn();
    const { state, calls } = serveApprovers([BOB, CAROL]);
    server.use(
      http.patch(`${HREF}/approvers`, () => {
        state.travel = checkoutTravel(['requestApproval'], { version: 4 });
        return HttpResponse.json({ result: { links: { getTravel: { href: HREF, method: 'GET' } } } });
      }),
    );
    await renderRoute('/cart/checkout?travel=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    const user = userEvent.setup();
    const main = (await within(dialog).findByLabelText('Valideur *')) as HTMLSelectElement;
    const spare = within(dialog).getByLabelText('Valideur suppléant (facultatif)') as HTMLSelectElement;
    // With several approvers and no backup list, the approvers are the backups.
    expect(options(main)).toEqual(['Choisir un valideur', 'Bob Durand', 'Carol Petit']);
    expect(options(spare)).toEqual(['Aucun valideur suppléant', 'Bob Durand', 'Carol Petit']);

    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));
    await waitFor(() => expect(main.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Veuillez choisir un valideur')).toBeTruthy();
    expect(document.activeElement).toBe(main);

    await user.selectOptions(main, 'bob');
    expect(options(spare)).toEqual(['Aucun valideur suppléant', 'Carol Petit']);
    await user.selectOptions(spare, 'carol');
    expect(options(main)).toEqual(['Choisir un valideur', 'Bob Durand']);
    await user.selectOptions(spare, '');
    expect(options(main)).toEqual(['Choisir un valideur', 'Bob Durand', 'Carol Petit']);
    await user.selectOptions(spare, 'carol');
    await user.type(within(dialog).getByLabelText('Message au valideur (facultatif)'), 'Salon client');
    await user.click(within(dialog).getByRole('button', { name: 'Valider' }));

    // Saved: the travel is read again and its next step shown.
    expect(await screen.findByRole('button', { name: 'Envoyer la demande de validation' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([expect.objectContaining({ method: 'PATCH', path: '/approvers', ifMatch: '3', key: expect.any(String) })]);
    expect(calls[0]!.body).toEqual({ approver: 'bob', emergencyApprover: 'carol', message: 'Salon client' });
  }, 15_000);

  it('pre-selects a lone approver and shows the spare list only with a backup list', async () => {
    signIn();
    serveApprovers([BOB], [DAN]);
    await renderRoute('/cart/checkout?travel=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    expect(((await within(dialog).findByLabelText('Valideur *')) as HTMLSelectElement).value).toBe('bob');
    expect(options(within(dialog).getByLabelText('Valideur suppléant (facultatif)'))).toEqual(['Aucun valideur suppléant', 'Dan Roux']);
  });

  it('without a backup list, a lone approver has no spare list', async () => {
    signIn();
    serveApprovers([BOB]);
    await renderRoute('/cart/checkout?travel=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    await within(dialog).findByLabelText('Valideur *');
    expect(within(dialog).queryByLabelText('Valideur suppléant (facultatif)')).toBeNull();
  });

  it('says no approver is configured (CONFIG_ERROR_NO_APPROVERS), from the list or from the save (25)', async () => {
    signIn();
    serveApprovers([]);
    await renderRoute('/cart/checkout?travel=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    expect(await within(dialog).findByText(/Aucun valideur n’est configuré/)).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
  });

  it('maps a save refused with code 25 to CONFIG_ERROR_NO_APPROVERS', async () => {
    signIn();
    serveApprovers([BOB]);
    server.use(http.patch(`${HREF}/approvers`, () => HttpResponse.json(apiError(25, 'Billet sans approbateur.'), { status: 400 })));
    await renderRoute('/cart/checkout?travel=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    await within(dialog).findByLabelText('Valideur *');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Valider' }));
    expect(await within(dialog).findByText(/Aucun valideur n’est configuré/)).toBeTruthy();
  });

  it('says ERROR_OCCURED_TRY_AGAIN when the approvers cannot be loaded, and the step can reopen the modal', async () => {
    signIn();
    serveTravel({ travel: checkoutTravel(['getAvailableApprovers', 'fillApprovers']) });
    server.use(http.get(`${HREF}/approvers`, () => HttpResponse.json(apiError(108, 'Erreur'), { status: 500 })));
    await renderRoute('/cart/checkout?travel=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    expect(await within(dialog).findByText('Une erreur est survenue, veuillez réessayer.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Choisir un valideur' }));
    expect(await screen.findByRole('dialog', { name: 'Choix du valideur' })).toBeTruthy();
  });
});
