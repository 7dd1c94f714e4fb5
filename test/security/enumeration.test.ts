import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { startApi, type Api } from '../support/api';
import { signupBody } from '../factories/account';

/**
 * Issue 12, item 7: the sign-in, password reset and sign-up calls told known usernames from
 * unknown ones. Each now answers both alike: same status, same body, similar time.
 */
let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

/** What a caller can compare between two answers. */
const seen = (res: { status: number; body: unknown; headers: Record<string, unknown> }) => ({ status: res.status, body: res.body, contentType: res.headers['content-type'] });

let client = 0;
/** Every call from another address: the sign-in throttling must not be what answers. */
const from = () => `198.18.${Math.floor(++client / 250)}.${(client % 250) + 1}`;

/** The fastest of several runs: the work a call does, without what the machine's other load adds. */
const fastest = (values: number[]) => Math.min(...values);
async function timed(run: () => Promise<unknown>) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

describe('username enumeration', () => {
  it('GET /user/auth-strategy answers a known and an unknown username alike', async () => {
    const known = await api.call('GET', '/api/v1/user/auth-strategy/alice');
    const unknown = await api.call('GET', '/api/v1/user/auth-strategy/no-such-user');
    expect(seen(unknown)).toEqual(seen(known));
    expect(known.body.result.strategy).toBe('password');
  });

  it('POST /user/login answers an unknown username as a wrong password, in about the same time', async () => {
    const login = (username: string) => api.call('POST', '/api/v1/user/login', { body: { username, password: 'Not-the-password1' }, remoteAddress: from() });
    expect(seen(await login('no-such-user'))).toEqual(seen(await login('alice')));
    expect((await login('alice')).body.errorMessage).toBe('Nom d’utilisateur ou mot de passe incorrect.');

    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      knownTimes.push(await timed(() => login('bob')));
      unknownTimes.push(await timed(() => login(`ghost-${i}`)));
    }
    // A password hash is checked either way: without it, an unknown name answers several times faster.
    expect(fastest(unknownTimes)).toBeGreaterThan(fastest(knownTimes) * 0.35);
    expect(fastest(knownTimes)).toBeGreaterThan(fastest(unknownTimes) * 0.35);
  });

  it('POST /user/forgot answers a known and an unknown username alike', async () => {
    const forgot = (username: string) => api.call('POST', '/api/v1/user/forgot', { body: { username } });
    const known = await forgot('carol');
    expect(seen(await forgot('no-such-user'))).toEqual(seen(known));
    expect(known.status).toBe(200);
  });

  it('POST /user/signin answers a taken username, a taken e-mail and a new account alike, in about the same time', async () => {
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

    const newTimes: number[] = [];
    const takenTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      newTimes.push(await timed(() => api.call('POST', '/api/v1/user/signin', { body: signupBody() })));
      takenTimes.push(await timed(() => api.call('POST', '/api/v1/user/signin', { body: signupBody({ username: 'gus' }) })));
    }
    // A password is hashed either way: without it, a taken name answers several times faster.
    expect(fastest(takenTimes)).toBeGreaterThan(fastest(newTimes) * 0.35);
  });
});
