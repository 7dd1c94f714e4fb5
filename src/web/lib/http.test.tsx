import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { z } from 'zod';
import { userSchema } from '@contract/account';
import { apiError, userFixture } from '../testing/fixtures';
import { renderApp } from '../testing/render';
import { server } from '../testing/server';
import { ApiError, api } from './http';
import { setNavigator } from './navigation';
import { findToasts, shownToasts } from '../testing/toasts';
import { TOKEN_STORAGE_KEY, currentUser, startSession, useSession } from './session';
import { toast, useToasterWanted } from './toast';

const ok = z.object({ ok: z.literal(true) });

/** The one toast on screen (there must be exactly one). */
const theToast = async () => {
  const region = await findToasts();
  await waitFor(() => expect(region.getAllByRole('listitem')).toHaveLength(1));
  return region.getByRole('listitem');
};

/**
 * Asserts that no toast was asked for: the toaster loads lazily, so a marker toast is shown and waited
 * for; any toast asked for before it is on screen by then, and the marker must be alone.
 */
async function expectNoToast() {
  expect(useToasterWanted.getState().wanted).toBe(false);
  toast.info('marqueur');
  const region = await findToasts();
  await waitFor(() => expect(region.getByText('marqueur')).toBeTruthy());
  expect(shownToasts()).toHaveLength(1);
}

const failWith = (status: number, body: ReturnType<typeof apiError>) => server.use(http.post('/api/v1/things', () => HttpResponse.json(body, { status })));

describe('http client: what the user sees when a call fails (spec 3 §8)', () => {
  it('shows code 29 as a warning with the server’s message', async () => {
    renderApp();
    failWith(401, apiError(29, 'Mauvais mot de passe.'));
    await expect(api.post('/things', {}, ok)).rejects.toBeInstanceOf(ApiError);
    const toast = await theToast();
    expect(toast.textContent).toContain('Avertissement :');
    expect(toast.textContent).toContain('Mauvais mot de passe.');
  });

  it('shows code 62 as a warning', async () => {
    renderApp();
    failWith(400, apiError(62, 'Choisissez au moins un billet.'));
    await expect(api.post('/things', {}, ok)).rejects.toMatchObject({ status: 400, api_code: 62 });
    const toast = await theToast();
    expect(toast.textContent).toContain('Avertissement :');
    expect(toast.textContent).toContain('Choisissez au moins un billet.');
  });

  it('shows no toast for code 78', async () => {
    renderApp();
    failWith(400, apiError(78, 'Erreur silencieuse.'));
    await expect(api.post('/things', {}, ok)).rejects.toMatchObject({ api_code: 78 });
    await expectNoToast();
  });

  it('shows other codes as errors; a click copies the details and says so', async () => {
    const user = userEvent.setup();
    renderApp();
    failWith(409, apiError(105, 'Ces données ont changé entre-temps : rechargez et réessayez.'));
    await expect(api.post('/things', {}, ok)).rejects.toMatchObject({ api_code: 105 });
    const toast = await theToast();
    expect(toast.textContent).toContain('Erreur :');
    await user.click(within(toast).getByRole('button', { name: /Ces données ont changé/ }));
    const copied = JSON.parse(await navigator.clipboard.readText()) as Record<string, unknown>;
    expect(copied).toMatchObject({ api_code: 105, status: 409, method: 'POST', url: '/api/v1/things' });
    expect(await screen.findByText('Les informations de l’erreur ont été copiées.')).toBeTruthy();
  });

  it('falls back to the generic message when the server gives none (or cannot be reached)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // an unreachable server is logged
    renderApp();
    server.use(http.post('/api/v1/things', () => HttpResponse.error()));
    await expect(api.post('/things', {}, ok)).rejects.toMatchObject({ status: 0 });
    const toast = await theToast();
    expect(toast.textContent).toContain('Le service est momentanément indisponible');
    expect(logged.mock.calls).toEqual([[expect.objectContaining({ status: 0 })]]);
  });

  it('lets a form opt out of the toast', async () => {
    renderApp();
    failWith(409, apiError(49, 'Cet e-mail est déjà utilisé.'));
    await expect(api.post('/things', {}, ok, { silent: true })).rejects.toMatchObject({ errorMessage: 'Cet e-mail est déjà utilisé.' });
    await expectNoToast();
  });

  it('ends the session on a 401 to a call that carried the token: home, and a session-expired warning', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    renderApp();
    startSession('tok-1', userFixture());
    let authorization: string | null = null;
    server.use(
      http.get('/api/v1/user/', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json(apiError(59, 'Erreur d’authentification : veuillez vous reconnecter.'), { status: 401 });
      }),
    );
    await expect(api.get('/user/', userSchema)).rejects.toMatchObject({ status: 401 });
    expect(authorization).toBe('Bearer tok-1');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(currentUser()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    const toast = await theToast();
    expect(toast.textContent).toContain('Votre session a expiré');
    expect(toast.textContent).toContain('Avertissement :');
  });

  it('logs out and explains on 422 / code 60', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    renderApp();
    startSession('tok-1', userFixture());
    failWith(422, apiError(60, 'Ce compte n’est plus utilisable ici.'));
    await expect(api.post('/things', {}, ok)).rejects.toMatchObject({ status: 422 });
    expect(useSession.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
    const dialog = await screen.findByRole('dialog', { name: 'Compte non utilisable ici' });
    expect(dialog.textContent).toContain('vous avez été déconnecté');
  });

  it('sends the deployment headers on every call', async () => {
    let headers: Headers | undefined;
    server.use(
      http.post('/api/v1/things', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ result: { ok: true } });
      }),
    );
    await expect(api.post('/things', { a: 1 }, ok)).resolves.toEqual({ ok: true });
    expect(headers?.get('Api-Key')).toBe('demo-agency-key');
    expect(headers?.get('Accept-Language')).toBe('fr');
    expect(headers?.get('X-Client')).toBe('escale-web/0.1');
    expect(headers?.get('Authorization')).toBeNull();
  });

  it('shows a 401 to a call made without a session as any failure: nothing to end', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    renderApp();
    failWith(401, apiError(59, 'Erreur d’authentification : veuillez vous reconnecter.'));
    await expect(api.post('/things', {}, ok)).rejects.toMatchObject({ status: 401, api_code: 59 });
    expect(navigate).not.toHaveBeenCalled();
    const toast = await theToast();
    expect(toast.textContent).toContain('Erreur d’authentification');
    expect(toast.textContent).not.toContain('Votre session a expiré');
  });

  it('leaves the session alone on a 401 to a call that asks to (the start-up check)', async () => {
    const navigate = vi.fn();
    setNavigator(navigate);
    startSession('tok-1', userFixture());
    server.use(http.get('/api/v1/user/', () => HttpResponse.json(apiError(59, 'Erreur d’authentification.'), { status: 401 })));
    await expect(api.get('/user/', userSchema, { handleSession: false, silent: true })).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('http client: lost answers and busy servers', () => {
  it('retries a read whose answer was lost, and gives its answer', async () => {
    let tries = 0;
    server.use(
      http.get('/api/v1/things', () => {
        tries += 1;
        return tries < 3 ? HttpResponse.error() : HttpResponse.json({ result: { ok: true } });
      }),
    );
    await expect(api.get('/things', ok)).resolves.toEqual({ ok: true });
    expect(tries).toBe(3);
  });

  it('fails a read after three lost answers, with one toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // an unreachable server is logged
    renderApp();
    let tries = 0;
    server.use(http.get('/api/v1/things', () => (tries++, HttpResponse.error())));
    await expect(api.get('/things', ok)).rejects.toMatchObject({ status: 0 });
    expect(tries).toBe(3);
    await theToast();
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('does not send a POST without an Idempotency-Key twice: its lost answer fails at once', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const keys: (string | null)[] = [];
    server.use(
      http.post('/api/v1/things', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return HttpResponse.error();
      }),
    );
    await expect(api.post('/things', {}, ok, { silent: true })).rejects.toMatchObject({ status: 0 });
    expect(keys).toEqual([null]);
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('waits for a 503’s Retry-After, then asks again', async () => {
    const at: number[] = [];
    server.use(
      http.get('/api/v1/things', () => {
        at.push(Date.now());
        return at.length === 1
          ? HttpResponse.json(apiError(113, 'Service indisponible.'), { status: 503, headers: { 'Retry-After': '1' } })
          : HttpResponse.json({ result: { ok: true } });
      }),
    );
    await expect(api.get('/things', ok)).resolves.toEqual({ ok: true });
    expect(at).toHaveLength(2);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
  });

  it('does not retry a 503 that says not when, nor a server fault', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {}); // server faults are logged
    let tries = 0;
    server.use(http.get('/api/v1/things', () => (tries++, HttpResponse.json(apiError(111, 'Indisponible'), { status: tries === 1 ? 503 : 500 }))));
    await expect(api.get('/things', ok, { silent: true })).rejects.toMatchObject({ status: 503, api_code: 111 });
    await expect(api.get('/things', ok, { silent: true })).rejects.toMatchObject({ status: 500 });
    expect(tries).toBe(2);
    expect(logged).toHaveBeenCalledTimes(2);
  });
});
