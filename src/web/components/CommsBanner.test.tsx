import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setPageData } from '../lib/page-data';
import { useDismissedComms } from '../lib/comms';
import { startSession } from '../lib/session';
import { renderApp, renderRoute } from '../testing/render';
import { userFixture } from '../testing/fixtures';
import { CommsBanner } from './CommsBanner';
import { server } from '../testing/server';

describe('the agency’s messages on the home page (spec 1 §2 "Home search screen")', () => {
  it('shows those for the search page, each with its level', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/comms', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({
          result: {
            search: [
              { id: 'winter', level: 'info', message: 'Saison d’hiver : réservez tôt.' },
              { id: 'strike', level: 'warning', message: 'Grève jeudi.' },
            ],
          },
        });
      }),
    );
    await renderRoute('/');
    const banner = await screen.findByRole('region', { name: 'Messages de votre agence' });
    expect([...banner.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['Information : Saison d’hiver : réservez tôt.', 'Attention : Grève jeudi.']);
    expect(asked).toEqual(['?support=search']);
  });

  it('shows nothing when the agency has no message for the page', async () => {
    await renderRoute('/');
    await screen.findByRole('heading', { level: 1, name: 'Que souhaitez-vous réserver ?' });
    expect(screen.queryByRole('region', { name: 'Messages de votre agence' })).toBeNull();
  });

  afterEach(() => setPageData({}));

  it('shows a visitor the messages their page came with, without asking the API', async () => {
    const asked: string[] = [];
    server.use(http.get('/api/v1/comms', () => (asked.push('comms'), HttpResponse.json({ result: {} }))));
    setPageData({
      comms: { search: [{ id: 'snow', level: 'warning', message: 'Neige sur les Alpes.' }], cart: [{ id: 'x', level: 'info', message: 'Panier.' }] },
    });
    await renderRoute('/');
    const banner = await screen.findByRole('region', { name: 'Messages de votre agence' });
    expect(banner.textContent).toBe('Messages de votre agenceAttention : Neige sur les Alpes.');
    expect(asked).toEqual([]);
  });
});

describe('the agency’s messages of every page', () => {
  afterEach(() => {
    sessionStorage.clear();
    useDismissedComms.setState({ ids: [] });
  });

  it('asks for those of the page and of the entity it is about', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/v1/comms', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ result: { results: [{ id: 'lyon-site', level: 'info', message: 'Site de Lyon : privilégiez le train.' }] } });
      }),
    );
    startSession('t', userFixture());
    renderApp(<CommsBanner support="results" entityId="e-lyon" />);
    expect((await screen.findByRole('region', { name: 'Messages de votre agence' })).textContent).toContain('Site de Lyon : privilégiez le train.');
    expect(asked).toEqual(['?support=results&entityId=e-lyon']);
  });

  it('closes a message for the rest of the session, the focus on the next one', async () => {
    server.use(
      http.get('/api/v1/comms', () =>
        HttpResponse.json({
          result: {
            checkout: [
              { id: 'strike', level: 'warning', message: 'Grève jeudi.' },
              { id: 'invoices', level: 'info', message: 'Factures mensuelles.' },
            ],
          },
        }),
      ),
    );
    startSession('t', userFixture());
    const user = userEvent.setup();
    const view = renderApp(<CommsBanner support="checkout" />);
    const banner = await screen.findByRole('region', { name: 'Messages de votre agence' });
    const [first, second] = within(banner).getAllByRole('button', { name: 'Masquer ce message' });
    expect(first!.getAttribute('aria-describedby')).toBe(within(banner).getByText('Grève jeudi.').id);
    await user.click(first!);
    expect(banner.textContent).not.toContain('Grève jeudi.');
    expect(document.activeElement).toBe(second);
    view.unmount();

    renderApp(<CommsBanner support="checkout" />);
    expect((await screen.findByRole('region', { name: 'Messages de votre agence' })).textContent).toBe(
      'Messages de votre agenceInformation : Factures mensuelles.',
    );
    expect(JSON.parse(sessionStorage.getItem('escale.comms.dismissed')!)).toEqual(['strike']);
  });
});
