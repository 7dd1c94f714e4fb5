import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { CalendarSubscription } from '@contract/calendar';
import { getModalRegistry, openModal } from '@web/lib/modal';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';

const LINK = '/api/v1/calendar/subscription';
const none: CalendarSubscription = { active: false, createdAt: null, url: null, httpsUrl: null, links: { subscribeCalendar: { href: LINK, method: 'POST' } } };
const made = (n: number): CalendarSubscription => ({
  active: true,
  createdAt: '2026-11-24T10:00:00.000Z',
  url: `webcal://voyages.example.com/calendar/token${n}.ics`,
  httpsUrl: `https://voyages.example.com/calendar/token${n}.ics`,
  links: { subscribeCalendar: { href: LINK, method: 'POST' }, revokeCalendar: { href: LINK, method: 'DELETE' } },
});

/** The API as it behaves: the address shown only by the answer that made it; each call's Idempotency-Key recorded. */
function serve(start: CalendarSubscription) {
  let state = start;
  let made_ = 0;
  const keys: string[] = [];
  server.use(
    http.get(LINK, () => HttpResponse.json({ result: { ...state, url: null, httpsUrl: null } })),
    http.post(LINK, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      state = made(++made_);
      return HttpResponse.json({ result: state });
    }),
    http.delete(LINK, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      state = none;
      return HttpResponse.json({ result: none });
    }),
  );
  return { keys };
}

async function open() {
  startSession('token', userFixture());
  const user = userEvent.setup();
  await getModalRegistry().CalendarSubscription.load();
  renderApp();
  openModal('CalendarSubscription');
  const dialog = await screen.findByRole('dialog', { name: 'Mes voyages dans mon agenda' });
  return { user, dialog };
}

describe('Calendar subscription modal', () => {
  it('makes an address through its link, shows it to copy and open, then renews and ends it', async () => {
    const { keys } = serve(none);
    const { user, dialog } = await open();
    expect(await within(dialog).findByText('Vous n’avez pas encore de lien d’abonnement.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Désactiver le lien' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Créer mon lien d’abonnement' }));
    const field = await within(dialog).findByLabelText('Lien d’abonnement');
    expect((field as HTMLInputElement).value).toBe('webcal://voyages.example.com/calendar/token1.ics');
    expect(within(dialog).getByRole('link', { name: 'Ouvrir dans mon agenda' }).getAttribute('href')).toBe('webcal://voyages.example.com/calendar/token1.ics');
    expect(within(dialog).getByRole('status', { name: '' }).textContent).toContain('Lien d’abonnement créé.');

    await user.click(within(dialog).getByRole('button', { name: 'Créer un nouveau lien' }));
    await within(dialog).findByDisplayValue('webcal://voyages.example.com/calendar/token2.ics');
    expect(dialog.textContent).toContain('Nouveau lien créé : l’ancien ne fonctionne plus.');

    await user.click(within(dialog).getByRole('button', { name: 'Désactiver le lien' }));
    expect(await within(dialog).findByText('Vous n’avez pas encore de lien d’abonnement.')).toBeTruthy();
    expect(dialog.textContent).toContain('Lien désactivé : votre agenda ne reçoit plus vos trajets.');
    // One intent, one key each.
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('says an address works without showing it, and offers a new one', async () => {
    serve({ ...made(1), url: null, httpsUrl: null });
    const { dialog } = await open();
    expect(await within(dialog).findByText(/Un lien d’abonnement fonctionne depuis le 24\/11\/2026/)).toBeTruthy();
    expect(within(dialog).queryByLabelText('Lien d’abonnement')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Créer un nouveau lien' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Désactiver le lien' })).toBeTruthy();
  });
});
