import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getModalRegistry, openModal } from '../lib/modal';
import { renderApp } from '../testing/render';
import { Button } from './Button';

async function setUp(noClose = false) {
  await Promise.all([import('./Modal'), getModalRegistry().Confirm.load()]);
  const user = userEvent.setup();
  let confirmed = 0;
  renderApp(
    <Button onClick={() => openModal('Confirm', { message: 'Supprimer vos données ?', onConfirm: () => void (confirmed += 1) }, { noClose })}>Ouvrir</Button>,
  );
  const opener = screen.getByRole('button', { name: 'Ouvrir' });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
  return { user, opener, dialog, confirmed: () => confirmed };
}

describe('modal host', () => {
  it('opens a labelled modal dialog, puts the body in modal-open mode and focuses inside', async () => {
    const { dialog } = await setUp();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.body.classList.contains('modal-open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user, opener } = await setUp();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.classList.contains('modal-open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('closes on the close icon and on the overlay', async () => {
    const { user, dialog } = await setUp();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByTestId('modal-overlay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a noClose modal open on Escape and the overlay, without a close icon', async () => {
    const { user, dialog } = await setUp(true);
    expect(within(dialog).queryByRole('button', { name: 'Fermer' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-overlay'));
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user, dialog } = await setUp();
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('runs onConfirm and closes', async () => {
    const { user, dialog, confirmed } = await setUp();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirmed()).toBe(1);
  });
});
