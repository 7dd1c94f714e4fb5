import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { FeatureFlags } from '@contract/account';
import { DEFAULT_FEATURES } from '../lib/features';
import { startSession } from '../lib/session';
import { brandingFixture, userFixture } from '../testing/fixtures';
import { renderRoute } from '../testing/render';
import { server } from '../testing/server';

/** The header's flags (spec 3 §2 "Header"), for a signed-in user (GET /user/ features). */
const signIn = (features: Partial<FeatureFlags> = {}) => startSession('tok-alice', userFixture({ features: { ...DEFAULT_FEATURES, ...features } }));
const header = () => within(screen.getByRole('banner'));
const nav = () => within(header().getByRole('navigation', { name: 'Navigation principale' }));
const INTRANET = { url: 'https://intranet.example/voyages', label: 'Retour à l’intranet' };

describe('the header’s feature flags', () => {
  it('disableHomeRedirectionOnLogo off: the logo leads home', async () => {
    signIn();
    await renderRoute('/cart');
    expect((await header().findByRole('link', { name: 'Escale Voyages – accueil' })).getAttribute('href')).toBe('/');
  });

  it('disableHomeRedirectionOnLogo on: the logo leads nowhere, and still names the agency', async () => {
    signIn({ disableHomeRedirectionOnLogo: true });
    await renderRoute('/cart');
    await header().findByText('Escale Voyages');
    expect(header().queryByRole('link', { name: /accueil/ })).toBeNull();
  });

  it('enableAccountAccess on: My space in the header and the menu, and /account opens', async () => {
    signIn();
    const { router } = await renderRoute('/account/informations');
    expect(nav().getByRole('link', { name: 'Mon espace' }).getAttribute('href')).toBe('/account/dashboard');
    expect(router.state.location.pathname).toBe('/account/informations');
  });

  it('enableAccountAccess off: no My space, and /account sends home', async () => {
    signIn({ enableAccountAccess: false });
    const { router } = await renderRoute('/account/informations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(nav().queryByText('Mon espace')).toBeNull();
  });

  it('noTabMode off: Search, Cart and My space', async () => {
    signIn();
    await renderRoute('/');
    for (const name of ['Rechercher', 'Panier', 'Mon espace']) expect(nav().getByRole('link', { name })).toBeTruthy();
  });

  it('noTabMode on: only the custom button', async () => {
    signIn({ noTabMode: true, customUrlPostReservation: INTRANET });
    await renderRoute('/');
    expect(
      nav()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Retour à l’intranet']);
  });

  it('customUrlPostReservation set: its button, with its label and address', async () => {
    signIn({ customUrlPostReservation: INTRANET });
    await renderRoute('/');
    expect(nav().getByRole('link', { name: 'Retour à l’intranet' }).getAttribute('href')).toBe(INTRANET.url);
  });

  it('customUrlPostReservation empty: no such button', async () => {
    signIn();
    await renderRoute('/');
    expect(
      nav()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Rechercher', 'Panier', 'Mon espace']);
  });

  it('gives a signed-out visitor the agency’s flags (its branding), and a user their own', async () => {
    server.use(
      http.get('/api/v1/agency', () =>
        HttpResponse.json({ result: { ...brandingFixture, features: { ...DEFAULT_FEATURES, noTabMode: true, customUrlPostReservation: INTRANET } } }),
      ),
    );
    const view = await renderRoute('/');
    await waitFor(() =>
      expect(
        nav()
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Retour à l’intranet']),
    );
    view.unmount();
    // The user's flags (their agency's under their company's, GET /user/) are the ones that count.
    signIn();
    await renderRoute('/');
    await header().findByRole('button', { name: /Alice/ });
    expect(
      nav()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Rechercher', 'Panier', 'Mon espace']);
  });
});
