import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { i18n } from './lib/i18n';
import type { AppShell } from './prerender';
import { renderAppShell } from './prerender';
import { brandingFixture } from './testing/fixtures';
import { renderRoute } from './testing/render';

// The trip form is a lazily loaded chunk: until it arrives the home shows its skeleton, which is what
// the prerender paints. Held back here so the comparison is of the app's first render, not a race.
vi.mock('./features/trip/search-form/TripSearchForm', () => ({
  TripSearchForm: () => {
    throw new Promise(() => {});
  },
}));

let shell: AppShell | undefined;
const appShell = async () => (shell ??= await renderAppShell());

describe('the home page’s first screen, prerendered for the server (src/server/web.ts)', () => {
  it('has the page in each language, inert, without scripts, footer or toasts', async () => {
    const { fr, en } = await appShell();
    expect(fr.top.logo).toContain('>Que souhaitez-vous réserver ?</h1>');
    expect(en.top.logo).toContain('>What would you like to book?</h1>');
    expect(fr.top.logo).toContain('Chargement du formulaire de recherche…');
    expect(fr.top.logo).toContain('>Comparez et réservez</h3>');
    for (const { top, footer, end } of [fr, en]) {
      for (const html of [top.logo, top.name]) {
        expect(html).toMatch(/^<div class="flex min-h-screen flex-col" inert="">/);
        expect(html).toMatch(/<\/main>$/);
        expect(html).not.toMatch(/<script|<footer|<link|aria-label="Notifications"/);
      }
      expect(top.logo).toContain('<img src="%AGENCY_LOGO%" alt="%AGENCY_NAME%"');
      expect(top.name).toContain('<span class="text-xl font-bold text-brand">%AGENCY_NAME%</span>');
      expect(footer.none).not.toMatch(/%AGENCY_INFO|%AGENCY_SUPPORT/);
      expect(footer.info).toContain('%AGENCY_INFO_TITLE%</h2><div class="agency-html text-gray-800">%AGENCY_INFO_HTML%</div>');
      expect(footer.info).not.toContain('%AGENCY_SUPPORT_EMAIL%');
      expect(footer.support).toContain('href="mailto:%AGENCY_SUPPORT_EMAIL%"');
      expect(footer['info+support']).toMatch(/%AGENCY_INFO_HTML%[\s\S]*%AGENCY_SUPPORT_EMAIL%/);
      expect(end).toBe('</div>');
    }
  });

  it('is the markup the app renders for that page, so the app replaces it without a visible change', async () => {
    const { fr } = await appShell();
    i18n.activate('fr');
    const { container } = await renderRoute('/');
    await within(screen.getByRole('contentinfo')).findByRole('heading', { name: 'Votre agence' });
    const slots: Record<string, string> = {
      NAME: brandingFixture.name,
      INFO_TITLE: brandingFixture.info!.title,
      INFO_HTML: brandingFixture.info!.html,
      SUPPORT_EMAIL: brandingFixture.supportEmail!,
    };
    const expected = document.createElement('div');
    expected.innerHTML = `${fr.top.name}${fr.footer['info+support']}${fr.end}`.replace(/%AGENCY_([A-Z_]+)%/g, (_, name: string) => slots[name]!);
    expected.firstElementChild!.removeAttribute('inert');
    expect(container.firstElementChild!.outerHTML).toBe(expected.firstElementChild!.outerHTML);
  });
});
