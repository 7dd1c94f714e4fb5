import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';

const company = userFixture().company!;

describe('home search switch (spec 1 §2 "Home search screen", §6)', () => {
  it('offers Travel and Hotel when the company has hotels, keeps the choice in the URL and shows the hotel form', async () => {
    startSession('t', userFixture({ company: { ...company, carrental_enabled: false } }));
    const { router } = await renderRoute('/');
    const switcher = await screen.findByRole('group', { name: 'Type de recherche' });
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['Voyage', 'Hôtel']);
    expect((screen.getByRole('radio', { name: 'Voyage' }) as HTMLInputElement).checked).toBe(true);
    expect(switcher).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Hôtel' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'hotel' }));
    expect(await screen.findByRole('form', { name: 'Recherche d’hôtel' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Recherche de trajet' })).toBeNull();
  });

  it('shows no switch to a company without hotels nor cars, and a hotel address falls back to the trip form', async () => {
    startSession('t', userFixture({ company: { ...company, hotel_enabled: false, carrental_enabled: false } }));
    await renderRoute('/?type=hotel');
    expect(await screen.findByRole('form', { name: 'Recherche de trajet' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Type de recherche' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Mode expert' })).toBeNull();
  });

  it('links to the expert mode for users who may use it', async () => {
    startSession('t', userFixture({ canUseExpertMode: true }));
    await renderRoute('/');
    expect((await screen.findByRole('link', { name: 'Mode expert' })).getAttribute('href')).toBe('/search-expert');
  });
});
