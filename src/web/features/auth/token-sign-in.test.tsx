import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { startSession, useSession } from '@web/lib/session';
import { userFixture } from '@web/testing/fixtures';
import { renderRoute } from '@web/testing/render';
import { server } from '@web/testing/server';

/**
 * The single sign-on landing (/sso/$segment?token=…) in a browser where someone is already signed in:
 * another person's sign-in never replaces their session without asking.
 */
const GUS = userFixture({ uid: 'u-gus', username: 'gus', firstname: 'Gus', lastname: 'Grant', email: 'gus@globex.example' });

/** GET /sso/ answering the entry's token with `who` and a new session; the logouts the app asks for, with the session each names. */
function serverAnswers(who = GUS) {
  const loggedOut: string[] = [];
  server.use(
    http.get('/api/v1/sso/', () =>
      HttpResponse.json({ result: { user: { ...who, token: 'tok-sso' }, request: null, analytics: null, travel: null, features: who.features } }),
    ),
    http.post('/api/v1/user/logout', ({ request }) => {
      loggedOut.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({ result: { redirectURL: null } });
    }),
  );
  return loggedOut;
}

const question = () => screen.findByRole('heading', { name: 'Vous êtes connecté(e) en tant que Alice Martin. Continuer en tant que Gus Grant ?' });

describe('the single sign-on landing with someone already signed in', () => {
  it('asks before replacing another user’s session; cancelling keeps them signed in and ends the new session unused', async () => {
    const loggedOut = serverAnswers();
    startSession('tok-alice', userFixture());
    const { router } = await renderRoute('/sso/globex?token=good-1');
    await question();
    // Nothing changed while the question is asked.
    expect(useSession.getState().token).toBe('tok-alice');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().token).toBe('tok-alice');
    await within(screen.getByRole('banner')).findByText('Alice');
    expect(loggedOut).toEqual(['Bearer tok-sso']);
  });

  it('continuing as the new user signs the previous one out and opens the new session', async () => {
    const loggedOut = serverAnswers();
    startSession('tok-alice', userFixture());
    const { router } = await renderRoute('/sso/globex?token=good-1');
    await question();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continuer en tant que Gus Grant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useSession.getState().token).toBe('tok-sso');
    await within(screen.getByRole('banner')).findByText('Gus');
    expect(loggedOut).toEqual(['Bearer tok-alice']);
  });

  it('the same user signing in again just continues, without a question', async () => {
    const loggedOut = serverAnswers(userFixture());
    startSession('tok-alice', userFixture());
    const { router } = await renderRoute('/sso/globex?token=good-1');
    await waitFor(() => expect(useSession.getState().token).toBe('tok-sso'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: /Continuer en tant que/ })).toBeNull();
    // Their previous session in this browser is closed, as with any sign-in that replaces it.
    expect(loggedOut).toEqual(['Bearer tok-alice']);
  });
});
