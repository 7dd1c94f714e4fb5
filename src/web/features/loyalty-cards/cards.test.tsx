import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { CardType, UserCard, UserCards } from '@contract/loyalty-cards';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { CardsSection } from './CardsSection';

const base = '/api/v1/user/cards';
const AVANTAGE = '29090529630741856';

const types: CardType[] = [
  {
    uid: 'sncf-avantage',
    name: 'Carte Avantage (SNCF)',
    type: 'rail',
    card_type: 'discount',
    requiredNumber: true,
    validationRegex: '^[0-9]+$',
    validationLength: 17,
    validationAlgorithm: 'luhn',
    validationPrefix: '29090',
  },
  {
    uid: 'sncf-voyageur',
    name: 'Programme SNCF Voyageur',
    type: 'rail',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: '^[0-9]+$',
    validationLength: 17,
    validationAlgorithm: null,
    validationPrefix: '29090',
  },
  {
    uid: 'af-flying-blue',
    name: 'Flying Blue (Air France-KLM)',
    type: 'airline',
    card_type: 'loyalty_card',
    requiredNumber: true,
    validationRegex: '^[0-9]+$',
    validationLength: 10,
    validationAlgorithm: 'luhn',
    validationPrefix: null,
  },
];

const avantage: UserCard = {
  uid: 'card-1',
  cardtype_id: 'sncf-avantage',
  cardtype: types[0]!,
  cardnumber: AVANTAGE,
  effective_date: null,
  expiration_date: '2030-06-30',
  user_id: 'u-alice',
  links: { updateUserCard: { href: `${base}/card-1`, method: 'PUT' }, deleteUserCard: { href: `${base}/card-1`, method: 'DELETE' } },
};
const list = (cards: UserCard[]): UserCards => ({
  cards,
  links: { addUserCard: { href: base, method: 'POST' }, putUserCards: { href: base, method: 'PUT' }, userCardTypes: { href: `${base}/types`, method: 'GET' } },
});

/** The list, the types, and the writes with the bodies they received (by method and path). */
function serve(cards: UserCard[], writes: Record<string, (body: unknown) => Response> = {}) {
  const sent: Record<string, unknown[]> = {};
  server.use(
    http.get(`${base}/types`, () => HttpResponse.json({ result: { types } })),
    http.get(base, () => HttpResponse.json({ result: list(cards) })),
    ...Object.entries(writes).map(([key, answer]) => {
      const [method, path] = key.split(' ') as ['POST' | 'PUT' | 'DELETE', string];
      return http[method.toLowerCase() as 'post' | 'put' | 'delete'](`${base}${path}`, async ({ request }) => {
        const body = method === 'DELETE' ? undefined : await request.json();
        (sent[key] ??= []).push(body);
        return answer(body);
      });
    }),
  );
  return sent;
}

const signIn = () => startSession('token', userFixture({ links: { ...userFixture().links, userCards: { href: base, method: 'GET' } } }));
/** The field's announced error (its aria-describedby's `-error` element), undefined when none. */
const errorOf = (input: HTMLElement) => {
  const id = (input.getAttribute('aria-describedby') ?? '').split(' ').find((i) => i.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function openForm() {
  const user = userEvent.setup();
  renderApp(<CardsSection />);
  await user.click(await screen.findByRole('button', { name: 'Ajouter une carte' }));
  const form = screen.getByRole('form', { name: 'Ajouter une carte' });
  expect(within(form).getByRole('heading', { name: 'Ajouter une carte' })).toBe(document.activeElement);
  return { user, form };
}

describe('the cards section', () => {
  it('says when there is no card, and shows each card with its type, number and expiry', async () => {
    signIn();
    serve([avantage]);
    renderApp(<CardsSection />);
    const item = (await screen.findByText('Carte Avantage (SNCF)')).closest('li')!;
    expect(item.textContent).toContain('Train · Carte de réduction · N° 29090529630741856');
    expect(item.textContent).toContain('Expire le 30/06/2030');
    expect(screen.getByRole('heading', { name: 'Cartes de fidélité et de réduction' })).toBeTruthy();
  });

  it('adds a rail discount card: the spec’s messages next to their fields first, nothing sent, then the body, a toast and the card', async () => {
    signIn();
    const sent = serve([], { 'POST ': () => HttpResponse.json({ result: list([avantage]) }) });
    const { user, form } = await openForm();
    expect(screen.queryByText('Aucune carte enregistrée.')).toBeNull();

    await user.click(within(form).getByRole('button', { name: 'Enregistrer la carte' }));
    const cardSelect = within(form).getByLabelText('Carte');
    await waitFor(() => expect(cardSelect.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(cardSelect)).toBe('Veuillez remplir ce champ');

    await user.selectOptions(within(form).getByLabelText('Type de transport'), 'rail');
    expect(
      within(cardSelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir une carte', 'Carte Avantage (SNCF)', 'Programme SNCF Voyageur']);
    await user.selectOptions(cardSelect, 'sncf-avantage');
    const number = within(form).getByLabelText('Numéro de carte');
    expect(errorOf(number)).toBeUndefined();
    expect(screen.getByText('17 caractères, commence par 29090')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la carte' }));
    await waitFor(() => expect(errorOf(number)).toBe('Le numéro de carte est obligatoire'));
    expect(errorOf(within(form).getByLabelText('Date d’expiration'))).toBe('La date d’expiration est obligatoire');

    await user.type(number, `${AVANTAGE.slice(0, 16)}7`);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la carte' }));
    await waitFor(() => expect(errorOf(number)).toBe('Numéro de carte invalide'));
    await user.clear(number);
    await user.type(number, '2909-0529');
    await waitFor(() => expect(errorOf(number)).toBe('Saisissez uniquement des chiffres ou des lettres majuscules'));
    const expiry = within(form).getByLabelText('Date d’expiration');
    await user.type(expiry, '01/01/2001');
    await waitFor(() => expect(errorOf(expiry)).toBe('Veuillez saisir une date valide (JJ/MM/AAAA)'));
    expect(sent['POST ']).toBeUndefined();

    await user.clear(number);
    await user.type(number, ` ${AVANTAGE} `);
    await user.clear(expiry);
    await user.type(expiry, '30/06/2030');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la carte' }));
    expect(await (await findToasts()).findByText('Votre carte a été ajoutée')).toBeTruthy();
    expect(sent['POST ']).toEqual([{ cardtype_id: 'sncf-avantage', cardnumber: AVANTAGE, expiration_date: '2030-06-30', effective_date: null }]);
    expect(await screen.findByText('Carte Avantage (SNCF)')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('clears the card, its number and expiry when the transport type changes', async () => {
    signIn();
    serve([]);
    const { user, form } = await openForm();
    await user.selectOptions(within(form).getByLabelText('Type de transport'), 'rail');
    await user.selectOptions(within(form).getByLabelText('Carte'), 'sncf-avantage');
    await user.type(within(form).getByLabelText('Numéro de carte'), AVANTAGE);
    await user.type(within(form).getByLabelText('Date d’expiration'), '30/06/2030');
    await user.selectOptions(within(form).getByLabelText('Type de transport'), 'airline');
    expect((within(form).getByLabelText('Carte') as HTMLSelectElement).value).toBe('');
    expect((within(form).getByLabelText('Numéro de carte') as HTMLInputElement).value).toBe('');
    expect((within(form).getByLabelText('Date d’expiration (facultatif)') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s card number invalid (170) next to the number', async () => {
    signIn();
    serve([], { 'POST ': () => HttpResponse.json(apiError(170, 'Numéro de carte invalide.', { cardnumber: 'CARD_NUMBER_INVALID' }), { status: 400 }) });
    const { user, form } = await openForm();
    await user.selectOptions(within(form).getByLabelText('Type de transport'), 'airline');
    await user.selectOptions(within(form).getByLabelText('Carte'), 'af-flying-blue');
    const number = within(form).getByLabelText('Numéro de carte');
    await user.type(number, '0741852966');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la carte' }));
    await waitFor(() => expect(errorOf(number)).toBe('Numéro de carte invalide'));
    expect(document.activeElement).toBe(number);
  });

  it('edits a card and deletes one after a confirmation, through the card’s links', async () => {
    signIn();
    const sent = serve([avantage], {
      'PUT /card-1': () => HttpResponse.json({ result: list([{ ...avantage, expiration_date: '2031-01-31' }]) }),
      'DELETE /card-1': () => HttpResponse.json({ result: list([]) }),
    });
    const user = userEvent.setup();
    renderApp(<CardsSection />);
    await user.click(await screen.findByRole('button', { name: 'Modifier : Carte Avantage (SNCF)' }));
    const form = screen.getByRole('form', { name: 'Modifier la carte' });
    const expiry = within(form).getByLabelText('Date d’expiration');
    expect((expiry as HTMLInputElement).value).toBe('30/06/2030');
    await user.clear(expiry);
    await user.type(expiry, '31/01/2031');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la carte' }));
    expect(await (await findToasts()).findByText('Votre carte a été mise à jour')).toBeTruthy();
    expect(sent['PUT /card-1']).toEqual([{ cardtype_id: 'sncf-avantage', cardnumber: AVANTAGE, expiration_date: '2031-01-31', effective_date: null }]);
    expect(await screen.findByText('Expire le 31/01/2031')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Supprimer : Carte Avantage (SNCF)' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Supprimer : Carte Avantage (SNCF)' })).getByRole('button', { name: 'Confirmer la suppression' }),
    );
    expect(await (await findToasts()).findByText('La carte a été supprimée')).toBeTruthy();
    expect(sent['DELETE /card-1']).toHaveLength(1);
    expect(await screen.findByText('Aucune carte enregistrée.')).toBeTruthy();
  });
});
