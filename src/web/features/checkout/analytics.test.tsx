import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { AnalyticsForm } from '@contract/checkout-steps';
import { apiError } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';
import { HREF, analyticField, approver, checkoutTravel, serveTravel, signIn } from './fixtures';

const ANALYTICS: AnalyticsForm = {
  fields: [
    analyticField({ name: 'cost_center', label: 'Centre de coûts', required: true, values: ['Marketing', 'R&D'], valueCodes: ['MKT', 'RND'] }),
    analyticField({ name: 'project_code', label: 'Code projet', regex: '^PRJ-[0-9]{4}$' }),
  ],
  travelers: [
    {
      travelerId: 1,
      firstname: 'Alice',
      lastname: 'Martin',
      analytics: [analyticField({ name: 'employee_number', label: 'Matricule', required: true, regex: '^[0-9]{6}$', regexDesc: 'Six chiffres' })],
    },
  ],
  isCompliant: true,
  complianceReasons: [],
  travelPolicy: null,
  travel_policy_exemption: null,
  links: { fillAnalytics: { href: `${HREF}/analytics`, method: 'PATCH' } },
};

afterEach(() => server.events.removeAllListeners());

function serveAnalytics(form: Partial<AnalyticsForm> = {}) {
  const state = { travel: checkoutTravel(['getAllAnalytics', 'fillAnalytics', 'getAvailableApprovers', 'fillApprovers']) };
  const calls = serveTravel(state);
  server.use(http.get(`${HREF}/analytics`, () => HttpResponse.json({ result: { ...ANALYTICS, ...form } })));
  return { state, calls };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent;

describe('Checkout analytics form (spec 2 §2, §5)', () => {
  it('checks required fields, regexes and the reason for a non-compliant travel, on their fields, focusing the first', async () => {
    signIn();
    serveAnalytics({ isCompliant: false, complianceReasons: ['Prix au-delà de 80 €'], travelPolicy: 'Train en 2de classe.' });
    await renderRoute('/cart/checkout?travel=t1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservation et paiement' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Informations de facturation' });
    const user = userEvent.setup();

    // The list offers the company's values with their codes.
    const costCenter = field('Centre de coûts *');
    expect(
      within(costCenter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir…', 'Marketing (MKT)', 'R&D (RND)']);
    expect(screen.getByText('Prix au-delà de 80 €')).toBeTruthy();

    await user.type(field('Code projet'), 'ABC');
    await user.type(field('Matricule *'), '12');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    await waitFor(() => expect(document.activeElement).toBe(costCenter));
    expect(costCenter.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(costCenter)).toBe('Ce champ est requis');
    expect(errorOf(field('Code projet'))).toBe('Le format est invalide');
    // A traveller field, in its traveller's group, with the company's own description of the format.
    expect(within(screen.getByRole('group', { name: 'Pour Alice Martin' })).getByLabelText('Matricule *')).toBeTruthy();
    expect(errorOf(field('Matricule *'))).toBe('Six chiffres');
    expect(errorOf(field('Motif du hors politique *'))).toBe('Ce champ est requis');
    expect(screen.getByText('Certains champs sont à compléter ou à corriger.')).toBeTruthy();
  }, 15_000); // the first render of the file loads the route's code cold

  it('checks a company pattern as the server does: in linear time, a patterned value at most 100 characters', async () => {
    signIn();
    serveAnalytics({
      fields: [analyticField({ name: 'project_code', label: 'Code projet', regex: '^(a+)+$', regexDesc: 'Des a' })],
      travelers: [{ travelerId: 1, firstname: 'Alice', lastname: 'Martin', analytics: [analyticField({ name: 'badge', label: 'Badge', regex: '^[a-z]+$' })] }],
    });
    await renderRoute('/cart/checkout?travel=t1');
    await screen.findByRole('heading', { name: 'Informations de facturation' });
    const user = userEvent.setup();
    // A backtracking engine would hold the page for hours on this value.
    await user.click(field('Code projet'));
    await user.paste(`${'a'.repeat(40)}!`);
    await user.click(field('Badge'));
    await user.paste('a'.repeat(101));
    const start = performance.now();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(errorOf(field('Code projet'))).toBe('Des a'));
    expect(performance.now() - start).toBeLessThan(2000);
    expect(errorOf(field('Badge'))).toBe('Ce texte est trop long');
  }, 15_000);

  it('shows the server’s field errors (SELECT_VALID_VALUE) on the same fields', async () => {
    signIn();
    serveAnalytics();
    server.use(
      http.patch(`${HREF}/analytics`, () =>
        HttpResponse.json(
          apiError(70, 'Champs analytiques manquants ou invalides.', {
            'fields.cost_center': 'SELECT_VALID_VALUE',
            'travelersFields.1.employee_number': 'FIELD_REQUIRED',
          }),
          { status: 400 },
        ),
      ),
    );
    await renderRoute('/cart/checkout?travel=t1');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Centre de coûts *'), 'R&D');
    await user.type(field('Matricule *'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(errorOf(field('Centre de coûts *'))).toBe('Veuillez choisir une valeur de la liste'));
    expect(errorOf(field('Matricule *'))).toBe('Ce champ est requis');
    expect(screen.getByText('Certains champs sont à compléter ou à corriger.')).toBeTruthy();
  });

  it('sends the answers with If-Match and an Idempotency-Key, reads the travel again and opens the approver choice', async () => {
    signIn();
    const { state, calls } = serveAnalytics();
    server.use(
      http.patch(`${HREF}/analytics`, () => {
        state.travel = checkoutTravel(['getAvailableApprovers', 'fillApprovers'], { version: 4 });
        return HttpResponse.json({ result: { links: { getTravel: { href: HREF, method: 'GET' } } } });
      }),
      http.get(`${HREF}/approvers`, () =>
        HttpResponse.json({
          result: {
            approvers: [approver('bob', 'Bob', 'Durand')],
            backupApprovers: [],
            links: { fillApprovers: { href: `${HREF}/approvers`, method: 'PATCH' } },
          },
        }),
      ),
    );
    await renderRoute('/cart/checkout?travel=t1');
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Centre de coûts *'), 'Marketing');
    await user.type(field('Code projet'), 'PRJ-0042');
    await user.type(field('Matricule *'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choix du valideur' });
    expect(calls).toEqual([expect.objectContaining({ method: 'PATCH', path: '/analytics', ifMatch: '3', key: expect.stringMatching(/^[0-9a-f-]{36}$/) })]);
    expect(calls[0]!.body).toEqual({
      fields: [
        { name: 'cost_center', label: 'Centre de coûts', value: 'Marketing' },
        { name: 'project_code', label: 'Code projet', value: 'PRJ-0042' },
      ],
      travelersFields: { '1': [{ name: 'employee_number', label: 'Matricule', value: '123456' }] },
      travel_policy_exemption: null,
    });
    // A single approver is chosen already.
    expect(((await within(dialog).findByLabelText('Valideur *')) as HTMLSelectElement).value).toBe('bob');
  }, 15_000);
});
