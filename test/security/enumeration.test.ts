import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApi, type Api } from '../support/api';
import { decoyHash, hashPassword, verifyPassword } from '@server/platform/secrets';
import type * as Secrets from '@server/platform/secrets';
import { signupBody } from '../factories/account';

/**
 * Item 7: the sign-in, password reset and sign-up calls told known usernames from
 * unknown ones. Each now answers both alike: same status, same body, and the same work (a password
 * hash checked either way: the time it takes is the bench's to measure, a test checks that it is done).
 */

// The password hashes the calls compute and check, watched.
vi.mock('@server/platform/secrets', async (original) => {
  const real = await original<typeof Secrets>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword), hashPassword: vi.fn(real.hashPassword) };
});
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** What a caller can compare between two answers. */
const seen = (res: { status: number; body: unknown; headers: Record<string, unknown> }) => ({
  status: res.status,
  body: res.body,
  contentType: res.headers['content-type'],
});

let client = 0;
/** Every call from another address: the sign-in throttling must not be what answers. */
const from = () => `198.18.${Math.floor(++client / 250)}.${(client % 250) + 1}`;

describe('username enumeration', () => {
  it('GET /user/auth-strategy answers a known and an unknown username alike', async () => {
    const known = await api.call('GET', '/api/v1/user/auth-strategy/alice');
    const unknown = await api.call('GET', '/api/v1/user/auth-strategy/no-such-user');
    expect(seen(unknown)).toEqual(seen(known));
    expect(known.body.result.strategy).toBe('password');
  });

  it('POST /user/login answers an unknown username as a wrong password, after checking a password hash all the same', async () => {
    const login = (username: string) => api.call('POST', '/api/v1/user/login', { body: { username, password: 'Not-the-password1' }, remoteAddress: from() });
    expect(seen(await login('no-such-user'))).toEqual(seen(await login('alice')));
    expect((await login('alice')).body.errorMessage).toBe('Nom d’utilisateur ou mot de passe incorrect.');

    // A password hash is checked either way (the decoy's for an unknown name): without it, an unknown name answers several times faster.
    const checked = vi.mocked(verifyPassword);
    checked.mockClear();
    await login('bob');
    expect(checked).toHaveBeenCalledTimes(1);
    expect(checked.mock.calls[0]![0]).not.toBe(await decoyHash());
    checked.mockClear();
    await login('ghost-1');
    expect(checked).toHaveBeenCalledTimes(1);
    expect(checked.mock.calls[0]).toEqual([await decoyHash(), 'Not-the-password1']);
  });

  it('POST /user/forgot answers a known and an unknown username alike', async () => {
    const forgot = (username: string) => api.call('POST', '/api/v1/user/forgot', { body: { username } });
    const known = await forgot('carol');
    expect(seen(await forgot('no-such-user'))).toEqual(seen(known));
    expect(known.status).toBe(200);
  });

  it('POST /user/signin answers a taken username, a taken e-mail and a new account alike, hashing the password all the same', async () => {
    // The same status, headers and body, the body naming the address it was sent for.
    const answers = [];
    for (const patch of [{}, { username: 'alice' }, { email: 'ALICE@acme.example' }]) {
      const body = signupBody(patch);
      const res = await api.call('POST', '/api/v1/user/signin', { body });
      expect(res.body).toEqual({ result: { email: body.email } });
      answers.push({ ...seen(res), body: null });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(201);

    // A password is hashed either way: without it, a taken name answers several times faster.
    const hashed = vi.mocked(hashPassword);
    for (const patch of [{}, { username: 'gus' }]) {
      hashed.mockClear();
      const body = signupBody(patch);
      await api.call('POST', '/api/v1/user/signin', { body });
      expect(hashed.mock.calls).toEqual([[body.password]]);
    }
  });
});
