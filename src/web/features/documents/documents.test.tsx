import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { Documents, TravelDocument } from '@contract/documents';
import { startSession } from '@web/lib/session';
import { apiError, userFixture } from '@web/testing/fixtures';
import { renderApp } from '@web/testing/render';
import { server } from '@web/testing/server';
import { findToasts } from '@web/testing/toasts';
import { DocumentsSection } from './DocumentsSection';

// The form checks dates against the user's today: the tests' today is a fixed day, whatever the calendar says.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
});

const LINK = { href: '/api/v1/user/documents', method: 'GET' as const };
const UPDATE = { href: '/api/v1/user/documents', method: 'PUT' as const };

const idCard: TravelDocument = {
  uid: 'd-id',
  type: 'id_card',
  civility: 'ms',
  firstname: 'Alice',
  lastname: 'Martin',
  nationality: 'FR',
  document_name: null,
  effective_date: '2019-05-02',
  expiration_date: '2034-05-01',
  number: 'X4RTBPFW4',
  country_of_issue: 'FR',
  expired: false,
};

/** Serves the list and records each PUT body; `answer` may refuse one. */
function serve(documents: TravelDocument[], answer?: (body: { travel_documents: Record<string, unknown>[] }) => Response | undefined) {
  startSession('token', userFixture({ links: { self: { href: '/api/v1/user/', method: 'GET' }, documents: LINK } }));
  const sent: { travel_documents: Record<string, unknown>[] }[] = [];
  let current = documents;
  const result = (): Documents => ({ documents: current, links: { updateDocuments: UPDATE } });
  server.use(
    http.get('/api/v1/user/documents', () => HttpResponse.json({ result: result() })),
    http.put('/api/v1/user/documents', async ({ request }) => {
      const body = (await request.json()) as { travel_documents: Record<string, unknown>[] };
      sent.push(body);
      const refusal = answer?.(body);
      if (refusal) return refusal;
      current = body.travel_documents.map((d, i) => ({
        ...(d as Omit<TravelDocument, 'expired'>),
        uid: (d.uid as string | null) ?? `d-new-${i}`,
        expired: false,
      }));
      return HttpResponse.json({ result: result() });
    }),
  );
  return sent;
}

async function openNewForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ajouter une pièce d’identité' }));
  return screen.getByRole('form', { name: 'Ajouter une pièce d’identité' });
}
const messageOf = (field: HTMLElement) => {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
};

describe('the identity documents section', () => {
  it('says why the list is empty, then adds a passport: the spec’s messages next to each field before anything is sent', async () => {
    const sent = serve([]);
    const user = userEvent.setup();
    renderApp(<DocumentsSection />);
    expect(await screen.findByText(/Aucune pièce d’identité enregistrée/)).toBeTruthy();
    const form = await openNewForm(user);
    expect(within(form).getByRole('heading', { name: 'Ajouter une pièce d’identité' })).toBe(document.activeElement);
    // A new document: civility mr, the user's name.
    expect((within(form).getByLabelText('Monsieur') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Prénom') as HTMLInputElement).value).toBe('Alice');

    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    const type = within(form).getByLabelText('Type de document');
    await waitFor(() => expect(type.getAttribute('aria-invalid')).toBe('true'));
    for (const label of ['Type de document', 'Numéro du document', 'Nationalité', 'Pays de délivrance', 'Date de délivrance', 'Date d’expiration'])
      expect(messageOf(within(form).getByLabelText(label)), label).toContain('Veuillez remplir ce champ');

    await user.selectOptions(type, 'passport');
    await user.type(within(form).getByLabelText('Numéro du document'), '12ab 34567');
    await user.selectOptions(within(form).getByLabelText('Nationalité'), 'FR');
    await user.selectOptions(within(form).getByLabelText('Pays de délivrance'), 'FR');
    await user.type(within(form).getByLabelText('Date de délivrance'), '01/03/2099');
    await user.type(within(form).getByLabelText('Date d’expiration'), '01/01/2001');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(messageOf(within(form).getByLabelText('Date de délivrance'))).toContain('Veuillez saisir une date passée'));
    expect(messageOf(within(form).getByLabelText('Date d’expiration'))).toContain('Veuillez saisir une date future');
    await user.clear(within(form).getByLabelText('Date d’expiration'));
    await user.type(within(form).getByLabelText('Date d’expiration'), '31/02/2030');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(messageOf(within(form).getByLabelText('Date d’expiration'))).toContain('Veuillez saisir une date (JJ/MM/AAAA)'));
    expect(sent).toEqual([]);

    await user.clear(within(form).getByLabelText('Date de délivrance'));
    await user.type(within(form).getByLabelText('Date de délivrance'), '01/03/2020');
    await user.clear(within(form).getByLabelText('Date d’expiration'));
    await user.type(within(form).getByLabelText('Date d’expiration'), '28/02/2030');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await (await findToasts()).findByText('Vos pièces d’identité ont été mises à jour')).toBeTruthy();
    expect(sent).toEqual([
      {
        travel_documents: [
          {
            uid: null,
            type: 'passport',
            civility: 'mr',
            firstname: 'Alice',
            lastname: 'Martin',
            nationality: 'FR',
            document_name: null,
            effective_date: '2020-03-01',
            expiration_date: '2030-02-28',
            number: '12AB34567',
            country_of_issue: 'FR',
          },
        ],
      },
    ]);
    const list = await screen.findByRole('list', { name: 'Vos pièces d’identité' });
    expect(within(list).getByText('Passeport')).toBeTruthy();
    expect(within(list).getByText('Expire le 28/02/2030')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('names countries in the reader’s language, in their order', async () => {
    serve([]);
    const user = userEvent.setup();
    renderApp(<DocumentsSection />);
    const form = await openNewForm(user);
    const names = within(within(form).getByLabelText('Nationalité'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names[0]).toBe('Choisir un pays');
    expect(names).toContain('Allemagne');
    expect(names.indexOf('Afrique du Sud')).toBeLessThan(names.indexOf('Allemagne'));
  });

  it('edits a document keeping the others, and shows the server’s problem next to its field', async () => {
    const sent = serve([idCard], (body) =>
      body.travel_documents[0]!.expiration_date === '2027-01-01'
        ? HttpResponse.json(apiError(17, 'Le format de la requête est invalide.', { 'travel_documents.0.expiration_date': 'ENTER_FUTURE_DATE' }), {
            status: 400,
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp(<DocumentsSection />);
    await user.click(await screen.findByRole('button', { name: 'Modifier : Carte d’identité' }));
    const form = screen.getByRole('form', { name: 'Modifier la pièce d’identité' });
    expect((within(form).getByLabelText('Numéro du document') as HTMLInputElement).value).toBe('X4RTBPFW4');
    const expiry = within(form).getByLabelText('Date d’expiration');
    expect((expiry as HTMLInputElement).value).toBe('01/05/2034');
    await user.clear(expiry);
    await user.type(expiry, '01/01/2027');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(messageOf(within(form).getByLabelText('Date d’expiration'))).toContain('Veuillez saisir une date future'));
    expect(sent[0]!.travel_documents.map((d) => d.uid)).toEqual(['d-id']);

    await user.clear(expiry);
    await user.type(expiry, '01/05/2035');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await (await findToasts()).findByText('Vos pièces d’identité ont été mises à jour')).toBeTruthy();
    expect(sent[1]!.travel_documents).toEqual([expect.objectContaining({ uid: 'd-id', expiration_date: '2035-05-01', number: 'X4RTBPFW4' })]);
  });

  it('deletes a document after a confirmation, sending the list without it', async () => {
    const passport: TravelDocument = { ...idCard, uid: 'd-pass', type: 'passport', number: '12AB34567', expiration_date: '2026-01-01', expired: true };
    const sent = serve([passport, idCard]);
    const user = userEvent.setup();
    renderApp(<DocumentsSection />);
    expect(await screen.findByText('Expiré le 01/01/2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Supprimer : Passeport' }));
    const confirm = screen.getByRole('group', { name: 'Supprimer : Passeport' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirmer la suppression' }));
    expect(await (await findToasts()).findByText('La pièce d’identité a été supprimée')).toBeTruthy();
    expect(sent).toEqual([{ travel_documents: [expect.objectContaining({ uid: 'd-id' })] }]);
    await waitFor(() => expect(screen.queryByText('Passeport')).toBeNull());
  });

  it('says a failed save in the form and keeps what was typed', async () => {
    serve([], () => HttpResponse.json(apiError(108, 'Le service est momentanément indisponible.'), { status: 500 }));
    const user = userEvent.setup();
    renderApp(<DocumentsSection />);
    const form = await openNewForm(user);
    await user.selectOptions(within(form).getByLabelText('Type de document'), 'id_card');
    await user.type(within(form).getByLabelText('Numéro du document'), 'X4RTBPFW4');
    await user.selectOptions(within(form).getByLabelText('Nationalité'), 'FR');
    await user.selectOptions(within(form).getByLabelText('Pays de délivrance'), 'FR');
    await user.type(within(form).getByLabelText('Date de délivrance'), '02/05/2019');
    await user.type(within(form).getByLabelText('Date d’expiration'), '01/05/2034');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Erreur lors de l’enregistrement');
    expect((within(form).getByLabelText('Numéro du document') as HTMLInputElement).value).toBe('X4RTBPFW4');
  });
});
