import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { apiError, userFixture } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import type { Travel } from '@contract/travel';
import { follow, followOnce, linkQueryOptions } from './follow';
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
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // the unexpected answer is logged with its problems
    renderApp();
    server.use(http.post('/api/v1/user/logout', () => HttpResponse.json({ result: { redirectURL: 42 } })));
    await expect(follow('logout', logoutLink)).rejects.toThrow(ContractError);
    const region = await findToasts();
    await waitFor(() => expect(region.getByRole('listitem').textContent).toContain('Le service est momentanément indisponible'));
    expect(logged.mock.calls).toEqual([[expect.any(ContractError), [expect.objectContaining({ path: ['redirectURL'] })]]]);
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

describe('followOnce(): one Idempotency-Key per user intent', () => {
  const confirmLink = { href: '/api/v1/v2/travels/t-1/confirm', method: 'POST' } as const;

  it('retries a lost answer with the same key and If-Match; once answered, the next change gets a new key', async () => {
    startSession('tok-9', userFixture());
    const seen: { key: string | null; ifMatch: string | null }[] = [];
    let drop = true;
    server.use(
      http.post('/api/v1/v2/travels/t-1/confirm', ({ request }) => {
        seen.push({ key: request.headers.get('Idempotency-Key'), ifMatch: request.headers.get('If-Match') });
        if (drop) return HttpResponse.error();
        return HttpResponse.json(apiError(69, 'Déjà réservé'), { status: 409 });
      }),
    );
    const change = { link: confirmLink, version: 3, input: {} };
    // Three tries (the first and two retries), then the failure.
    await expect(followOnce('confirm', change, { silent: true })).rejects.toMatchObject({ status: 0 });
    expect(seen).toHaveLength(3);
    drop = false;
    await expect(followOnce('confirm', change, { silent: true })).rejects.toMatchObject({ status: 409 });
    await expect(followOnce('confirm', change, { silent: true })).rejects.toMatchObject({ status: 409 });
    expect(seen.map((s) => s.ifMatch)).toEqual(['3', '3', '3', '3', '3']);
    expect(seen[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    // The retries of the lost answer, then the user's second try of the same change: one intent.
    expect(seen.slice(1, 4).map((s) => s.key)).toEqual([seen[0]!.key, seen[0]!.key, seen[0]!.key]);
    expect(seen[4]!.key).not.toBe(seen[0]!.key); // a new intent after the server answered
  });

  it('gets the answer of a retry: a change whose first answer was lost succeeds once, with one key', async () => {
    startSession('tok-9', userFixture());
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/v1/user/logout', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        if (keys.length === 1) return HttpResponse.error();
        return HttpResponse.json({ result: { redirectURL: null } });
      }),
    );
    await expect(followOnce('logout', { link: logoutLink })).resolves.toEqual({ redirectURL: null });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Answered: the intent is settled, nothing pending is kept.
    expect(sessionStorage.getItem('escale:intents')).toBe('{}');
  });

  it('does not retry a change followed without an intent (no key): the lost answer fails at once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // a lost answer is logged
    startSession('tok-9', userFixture());
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/v1/user/logout', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    await expect(follow('logout', logoutLink, undefined, { silent: true })).rejects.toMatchObject({ status: 0 });
    expect(keys).toEqual([null]);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('keeps a pending intent across a reload of the page (sessionStorage), and a different body is another intent', async () => {
    startSession('tok-9', userFixture());
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/v1/v2/travels/t-1/confirm', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    await followOnce('confirm', { link: confirmLink, version: 3, input: {} }, { silent: true }).catch(() => undefined);
    const stored = sessionStorage.getItem('escale:intents');
    expect(stored).toContain(keys[0]!);
    expect(keys).toHaveLength(3);
    await followOnce('confirm', { link: confirmLink, version: 3, input: { hold: true } }, { silent: true }).catch(() => undefined);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('is typed by the rel table: a change that takes a body needs it, and a travel has only its own links', () => {
    // Never called: the type checker (npm run typecheck) is what this test runs.
    const _typed = (travel: Travel) => {
      // @ts-expect-error fillApprovers takes the chosen approver
      void followOnce('fillApprovers', { link: confirmLink, version: 1 });
      // @ts-expect-error confirm links answer a travel, they do not take a travel
      void follow('confirm', confirmLink, travel);
      // @ts-expect-error a travel never carries an approve link
      return travel.links.approve;
    };
    expect(typeof _typed).toBe('function');
  });
});
