import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { apiError, userFixture } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { follow, linkQueryOptions } from './follow';
import { ApiError, ContractError } from './http';
import { queryClient } from './query';
import { findToasts } from '../testing/toasts';
import { startSession } from './session';

const logoutLink = { href: '/api/v1/user/logout', method: 'POST' } as const;

describe('follow(): the typed link follower', () => {
  it('follows a POST link with the session and returns its parsed result', async () => {
    startSession('tok-9', userFixture());
    let seen: { authorization: string | null; body: string } | undefined;
    server.use(
      http.post('/api/v1/user/logout', async ({ request }) => {
        seen = { authorization: request.headers.get('Authorization'), body: await request.text() };
        return HttpResponse.json({ result: { redirectURL: 'https://sso.acme.example/bye' } });
      }),
    );
    await expect(follow('logout', logoutLink)).resolves.toEqual({ redirectURL: 'https://sso.acme.example/bye' });
    expect(seen).toEqual({ authorization: 'Bearer tok-9', body: '' });
  });

  it('refuses a link whose method is not the rel’s, without calling the server', async () => {
    const called = vi.fn();
    server.use(http.all('/api/v1/user/logout', () => (called(), HttpResponse.json({ result: { redirectURL: null } }))));
    await expect(follow('logout', { href: '/api/v1/user/logout', method: 'GET' })).rejects.toThrow(ContractError);
    await expect(follow('logout', { href: '/api/v1/user/logout', method: 'GET' })).rejects.toThrow(/must be POST, got GET/);
    expect(called).not.toHaveBeenCalled();
  });

  it('rejects an answer that does not match the rel’s output schema, and tells the user', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp();
    server.use(http.post('/api/v1/user/logout', () => HttpResponse.json({ result: { redirectURL: 42 } })));
    await expect(follow('logout', logoutLink)).rejects.toThrow(ContractError);
    const region = await findToasts();
    await waitFor(() => expect(region.getByRole('listitem').textContent).toContain('Le service est momentanément indisponible'));
  });

  it('turns a failure into an ApiError with the catalogue’s fields', async () => {
    renderApp();
    server.use(
      http.delete('/api/v1/v2/travels/t-1', () =>
        HttpResponse.json(apiError(17, 'Le format de la requête est invalide.', { phone: 'PHONE_FORMAT' }), { status: 400 }),
      ),
    );
    const failure = await follow('delete', { href: '/api/v1/v2/travels/t-1', method: 'DELETE' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      api_code: 17,
      msg: 'code 17',
      errorMessage: 'Le format de la requête est invalide.',
      fields: { phone: 'PHONE_FORMAT' },
      method: 'DELETE',
      url: '/api/v1/v2/travels/t-1',
    });
    const region = await findToasts();
    await waitFor(() => expect(region.getByRole('listitem').textContent).toContain('Le format de la requête est invalide.'));
  });

  it('gives TanStack Query options for a GET link', async () => {
    const alice = userFixture();
    server.use(http.get('/api/v1/user/', () => HttpResponse.json({ result: alice })));
    const user = await queryClient.fetchQuery(linkQueryOptions('self', { href: '/api/v1/user/', method: 'GET' }));
    expect(user.firstname).toBe('Alice');
    expect(queryClient.getQueryData(['link', 'self', '/api/v1/user/'])).toEqual(alice);
  });
});
