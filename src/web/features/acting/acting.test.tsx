import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Link } from '@contract/link';
import type { CustomerCompany } from '@contract/travelers';
import { actFor, bookingFor, useActing } from '@web/lib/acting';
import { startSession } from '@web/lib/session';
import { STAFF_LINKS } from '@web/testing/acting';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';

/** Agency staff choose the customer company, then the traveller; every screen then says for whom they book. */

const acme: CustomerCompany = {
  uid: 'c-acme',
  name: 'Acme Industries',
  entities: [{ uid: 'e1', name: 'Paris HQ' }],
  hotel_enabled: true,
  carrental_enabled: false,
  hasMultipaxSearchDisabled: false,
};
const globex: CustomerCompany = {
  uid: 'c-globex',
  name: 'Globex Consulting',
  entities: [],
  hotel_enabled: false,
  carrental_enabled: false,
  hasMultipaxSearchDisabled: false,
};
const alice = { uid: 'u-alice', firstname: 'Alice', lastname: 'Martin', type: 'employee' } as const;
/** Agency staff as GET /user/ answers them: no company of their own, and the staff's links. */
const tina = (links: Partial<Record<keyof typeof STAFF_LINKS, Link>> = STAFF_LINKS, perms = ['travel_agent']) => {
  const own = userFixture().links;
  return userFixture({ firstname: 'Tina', lastname: 'Garnier', perms, company: null, company_id: null, entities: [], links: { ...own, ...links } });
};

const peopleAsked: string[] = [];
const companiesAsked: string[] = [];
beforeEach(() => {
  actFor(null);
  peopleAsked.length = 0;
  companiesAsked.length = 0;
  server.use(
    http.get('/api/v1/companies/', ({ request }) => {
      const url = new URL(request.url);
      companiesAsked.push(url.pathname + url.search);
      return HttpResponse.json({ result: [acme, globex] });
    }),
    http.get('/api/v1/users/', ({ request }) => {
      peopleAsked.push(new URL(request.url).search);
      return HttpResponse.json({
        result: [{ uid: 'u-alice', type: 'employee', gender: 'MS', firstname: 'Alice', lastname: 'Martin', email: 'alice@acme.example', birthdate: null }],
      });
    }),
    http.get('/api/v1/user/guests', () => HttpResponse.json({ result: [] })),
  );
});

describe('acting for a customer’s traveller (agency staff)', () => {
  it('asks for the company, then a traveller of it, then names them in a banner with “change”', async () => {
    startSession('t', tina());
    await renderRoute('/');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Entreprise cliente'), 'acm');
    const list = screen.getByRole('list', { name: 'Entreprises clientes' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Acme Industries']);
    await user.click(within(list).getByRole('button', { name: 'Acme Industries' }));

    expect(await screen.findByRole('heading', { name: 'Pour qui réservez-vous chez Acme Industries ?' })).toBeTruthy();
    await user.type(screen.getByLabelText('Voyageur (salarié ou invité)'), 'Martin');
    await user.click(await screen.findByRole('button', { name: /Réserver pour Alice Martin/ }));
    // The companies through the user's link, as the server wrote it; the people of the chosen company, not the agent's own.
    expect(companiesAsked).toEqual(['/api/v1/companies/']);
    expect(peopleAsked.some((q) => q.includes('company_id=c-acme') && q.includes('query=Martin'))).toBe(true);

    const banner = await screen.findByRole('region', { name: 'Réservation pour un voyageur' });
    expect(banner.textContent).toContain('Réservation pour Alice Martin — Acme Industries');
    expect(useActing.getState().acting?.traveler).toEqual({ uid: 'u-alice', firstname: 'Alice', lastname: 'Martin', type: 'employee' });
    expect(screen.queryByLabelText('Voyageur (salarié ou invité)')).toBeNull();

    await user.click(within(banner).getByRole('button', { name: 'Changer' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Réservation pour un voyageur' })).toBeNull());
    expect(await screen.findByLabelText('Voyageur (salarié ou invité)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Changer d’entreprise' }));
    expect(await screen.findByLabelText('Entreprise cliente')).toBeTruthy();
  }, 20_000);

  it('offers the searches the chosen company sells, not the agent’s', async () => {
    startSession('t', tina());
    actFor({ company: acme, traveler: alice });
    await renderRoute('/');
    const switcher = await screen.findByRole('group', { name: 'Type de recherche' });
    expect(
      within(switcher)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['Voyage', 'Hôtel']);
  });

  it('shows travellers no picker and no banner', async () => {
    startSession('t', userFixture());
    actFor({ company: acme, traveler: alice });
    await renderRoute('/');
    expect(await screen.findByRole('form', { name: 'Recherche de trajet' })).toBeTruthy();
    expect(screen.queryByLabelText('Entreprise cliente')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Réservation pour un voyageur' })).toBeNull();
  });
});

describe('who books for customers: the server’s link, not the permissions', () => {
  it('treats a user whose answer lacks the customer companies link as booking for themselves, whatever their permissions', async () => {
    startSession('t', tina({ agencyQueue: STAFF_LINKS.agencyQueue }));
    actFor({ company: acme, traveler: alice });
    await renderRoute('/');
    expect(await screen.findByRole('form', { name: 'Recherche de trajet' })).toBeTruthy();
    expect(screen.queryByLabelText('Entreprise cliente')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Réservation pour un voyageur' })).toBeNull();
    expect(companiesAsked).toEqual([]);
  });

  it('gives the picker, then the banner, to a user the server links to customer companies, reading the list at the link’s own address', async () => {
    startSession('t', tina({ listCustomerCompanies: { href: '/api/v1/companies/?limit=500', method: 'GET' } }, []));
    await renderRoute('/');
    expect(await screen.findByRole('button', { name: 'Globex Consulting' })).toBeTruthy();
    expect(companiesAsked).toEqual(['/api/v1/companies/?limit=500']);
    actFor({ company: globex, traveler: alice });
    const banner = await screen.findByRole('region', { name: 'Réservation pour un voyageur' });
    expect(banner.textContent).toContain('Réservation pour Alice Martin — Globex Consulting');
  });

  it('books for the chosen customer with the link, for the user’s own company without it', () => {
    expect(bookingFor(tina(), { company: acme, traveler: alice })).toEqual({
      staff: true,
      entities: acme.entities,
      company: acme,
      customerId: 'c-acme',
      traveler: alice,
    });
    const ownCompany = bookingFor(tina({}, ['travel_agent', 'assistance_agent']), { company: acme, traveler: alice });
    expect(ownCompany).toMatchObject({ staff: false, customerId: undefined, traveler: null, company: null });
    const employee = bookingFor(userFixture(), { company: acme, traveler: alice });
    expect(employee).toMatchObject({ staff: false, customerId: undefined, entities: [{ uid: 'e-paris', name: 'Paris HQ' }] });
  });
});
