import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_PASSWORD, startApi, type Api } from '@test/support/api';
import { freshDatabase } from '@test/support/databases';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { fixedClock } from '@server/platform/clock';

/*
 * Identity documents: alice records a passport and an ID card, edits and removes them,
 * never reaches bob's; bad input gets the spec's messages and stores nothing; a retry with the same
 * Idempotency-Key changes nothing twice; the traveller step of a flight warns of a missing or
 * expiring document.
 */

let api: Api;
type Link = { href: string; method: string };
type Doc = { uid: string; type: string; number: string; expiration_date: string | null; expired: boolean } & Record<string, unknown>;
type Documents = { documents: Doc[]; links: { updateDocuments?: Link } };

let alice: string;
let bob: string;

beforeAll(async () => {
  api = await startApi();
  [alice, bob] = await Promise.all([api.login('alice'), api.login('bob')]);
});
afterAll(() => api.close());

const passport = (extra: Record<string, unknown> = {}) => ({
  uid: null,
  type: 'passport',
  civility: 'ms',
  firstname: 'Alice',
  lastname: 'Martin',
  nationality: 'FR',
  document_name: null,
  effective_date: '2020-03-01',
  expiration_date: '2030-02-28',
  number: '12ab 34567',
  country_of_issue: 'FR',
  ...extra,
});
const idCard = (extra: Record<string, unknown> = {}) => passport({ type: 'id_card', number: 'X4RTBPFW4', expiration_date: '2031-06-30', ...extra });

/** The caller's documents resource, reached from GET /user/ as the web app does. */
async function documentsOf(token: string): Promise<Documents> {
  const me = (await api.call('GET', '/api/v1/user/', { token })).body.result;
  const res = await api.call('GET', me.links.documents.href, { token });
  expect(res.status).toBe(200);
  return res.body.result;
}
const put = (token: string, travelDocuments: unknown[], opts: { key?: string; lang?: string } = {}) =>
  api.call('PUT', '/api/v1/user/documents', {
    token,
    body: { travel_documents: travelDocuments } as never,
    headers: { ...(opts.key ? { 'idempotency-key': opts.key } : {}), ...(opts.lang ? { 'accept-language': opts.lang } : {}) },
  });
/** The list as the server has it, ready to send back (uids kept, `expired` dropped). */
const asInput = (docs: Doc[]) => docs.map(({ expired: _expired, ...d }) => d);

describe('the documents resource', () => {
  it('is a link of the user, empty at first, with the link to change it', async () => {
    const docs = await documentsOf(alice);
    expect(docs.documents).toEqual([]);
    expect(docs.links.updateDocuments).toEqual({ href: '/api/v1/user/documents', method: 'PUT' });
  });

  it('needs a session', async () => {
    expect((await api.call('GET', '/api/v1/user/documents')).status).toBe(401);
    expect((await put('', [passport()])).status).toBe(401);
  });

  it('adds, edits and removes documents through the whole list, in the order given', async () => {
    const added = await put(alice, [passport(), idCard()]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const [p, id] = (added.body.result as Documents).documents;
    // The number as stored: spaces dropped, capitals.
    expect(p).toMatchObject({ type: 'passport', number: '12AB34567', expiration_date: '2030-02-28', expired: false, country_of_issue: 'FR' });
    expect(id).toMatchObject({ type: 'id_card', number: 'X4RTBPFW4' });
    expect((await documentsOf(alice)).documents.map((d) => d.uid)).toEqual([p!.uid, id!.uid]);

    const edited = await put(alice, [
      { ...asInput([id!])[0], document_name: 'CNI' },
      { ...asInput([p!])[0], expiration_date: '2032-01-31' },
    ]);
    expect(edited.status).toBe(200);
    const after = (await documentsOf(alice)).documents;
    expect(after.map((d) => [d.uid, d.document_name ?? d.expiration_date])).toEqual([
      [id!.uid, 'CNI'],
      [p!.uid, '2032-01-31'],
    ]);

    expect((await put(alice, asInput([after[1]!]))).status).toBe(200);
    expect((await documentsOf(alice)).documents.map((d) => d.uid)).toEqual([p!.uid]);
    expect((await put(alice, [])).status).toBe(200);
    expect((await documentsOf(alice)).documents).toEqual([]);
  });

  it('keeps a driving licence without an expiry date', async () => {
    const res = await put(bob, [
      passport({ type: 'driver_license', civility: 'mr', firstname: 'Bob', lastname: 'Durand', expiration_date: null, number: '0612345678' }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.documents[0]).toMatchObject({ type: 'driver_license', expiration_date: null, expired: false });
    expect((await put(bob, [])).status).toBe(200);
  });
});

describe('bad input', () => {
  const refused = async (doc: Record<string, unknown>, fields: Record<string, string>) => {
    const res = await put(alice, [doc]);
    expect(res.status, JSON.stringify(doc)).toBe(400);
    expect(res.body.api_code).toBe(17);
    expect(res.body.fields).toEqual(fields);
  };

  it('asks for every required field with “please fill”', async () => {
    await refused(
      {
        uid: null,
        type: '',
        civility: '',
        firstname: ' ',
        lastname: '',
        nationality: '',
        effective_date: '',
        expiration_date: '',
        number: '',
        country_of_issue: '',
      },
      Object.fromEntries(
        ['type', 'civility', 'firstname', 'lastname', 'nationality', 'number', 'country_of_issue', 'effective_date', 'expiration_date'].map((f) => [
          `travel_documents.0.${f}`,
          'PLEASE_FILL',
        ]),
      ),
    );
  });

  it('wants an effective date not in the future, an expiry in the future, and real dates', async () => {
    await refused(passport({ effective_date: '2026-11-23' }), { 'travel_documents.0.effective_date': 'ENTER_PASSED_DATE' });
    await refused(passport({ expiration_date: '2026-11-22' }), { 'travel_documents.0.expiration_date': 'ENTER_FUTURE_DATE' });
    await refused(passport({ effective_date: '01/03/2020', expiration_date: '2030-02-30' }), {
      'travel_documents.0.effective_date': 'ENTER_A_DATE',
      'travel_documents.0.expiration_date': 'ENTER_A_DATE',
    });
  });

  it('wants a known country, a number of 5 to 20 letters and digits, and at most 10 documents', async () => {
    await refused(passport({ nationality: 'XX', country_of_issue: 'France' }), {
      'travel_documents.0.nationality': 'FORMAT_INVALID',
      'travel_documents.0.country_of_issue': 'FORMAT_INVALID',
    });
    await refused(passport({ number: '12-34' }), { 'travel_documents.0.number': 'FORMAT_INVALID' });
    const many = await put(
      alice,
      Array.from({ length: 11 }, () => passport()),
    );
    expect([many.status, many.body.fields]).toEqual([400, { travel_documents: 'TOO_LONG' }]);
  });

  it('stores nothing when one entry of the list is wrong', async () => {
    const res = await put(alice, [passport(), idCard({ expiration_date: '2020-01-01' })]);
    expect([res.status, res.body.fields]).toEqual([400, { 'travel_documents.1.expiration_date': 'ENTER_FUTURE_DATE' }]);
    expect((await documentsOf(alice)).documents).toEqual([]);
  });

  it('answers an oversized or unknown field with 400, never a 500', async () => {
    expect((await put(alice, [passport({ firstname: 'A'.repeat(101) })])).body.fields).toEqual({ 'travel_documents.0.firstname': 'TOO_LONG' });
    expect((await put(alice, [passport({ admin: true })])).status).toBe(400);
    expect((await api.call('PUT', '/api/v1/user/documents', { token: alice, body: { travel_documents: 'all' } as never })).status).toBe(400);
  });
});

describe('ownership', () => {
  it('never shows nor changes another user’s document: its uid is unknown (404, 175) and nothing changes', async () => {
    const bobs = (await put(bob, [passport({ civility: 'mr', firstname: 'Bob', lastname: 'Durand', number: 'BOB12345' })])).body.result as Documents;
    const bobPassport = bobs.documents[0]!;
    expect((await documentsOf(alice)).documents).toEqual([]);

    const res = await put(alice, [{ ...asInput([bobPassport])[0], number: 'ALICE9999' }]);
    expect([res.status, res.body.api_code]).toEqual([404, 175]);
    expect((await put(alice, [passport({ uid: 'not-a-uuid' })])).status).toBe(404);
    expect((await documentsOf(bob)).documents).toEqual([expect.objectContaining({ uid: bobPassport.uid, number: 'BOB12345' })]);
    expect((await documentsOf(alice)).documents).toEqual([]);
    expect((await put(bob, [])).status).toBe(200);
  });

  it('refuses the same uid twice in one list', async () => {
    const [doc] = ((await put(alice, [passport()])).body.result as Documents).documents;
    const twice = await put(alice, [asInput([doc!])[0], asInput([doc!])[0]]);
    expect([twice.status, twice.body.fields]).toEqual([400, { 'travel_documents.1.uid': 'DUPLICATE_VALUE' }]);
    expect((await put(alice, [])).status).toBe(200);
  });
});

describe('retries', () => {
  it('replays the answer of a retried call (same Idempotency-Key): the document is added once', async () => {
    const first = await put(alice, [passport()], { key: 'add-passport-1' });
    const again = await put(alice, [passport()], { key: 'add-passport-1' });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await documentsOf(alice)).documents).toHaveLength(1);
    const other = await put(alice, [passport(), idCard()], { key: 'add-passport-1' });
    expect([other.status, other.body.api_code]).toEqual([422, 106]);
    expect((await put(alice, [])).status).toBe(200);
  });
});

describe('time', () => {
  it('marks a document expired and keeps it when another one is edited', async () => {
    const [doc] = ((await put(alice, [passport({ expiration_date: '2026-12-01' })])).body.result as Documents).documents;
    api.clock.set('2026-12-05T09:00:00Z');
    const later = await api.login('alice');
    try {
      const [now] = (await documentsOf(later)).documents;
      expect(now!.expired).toBe(true);
      // The expired passport goes back unchanged beside a new ID card: only what changed is judged against today.
      const res = await put(later, [asInput([now!])[0], idCard()]);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Changing its expiry to another past day is judged.
      const moved = await put(later, [{ ...asInput([now!])[0], expiration_date: '2026-12-02' }]);
      expect(moved.body.fields).toEqual({ 'travel_documents.0.expiration_date': 'ENTER_FUTURE_DATE' });
      expect((await documentsOf(later)).documents.map((d) => d.uid)[0]).toBe(doc!.uid);
    } finally {
      api.clock.set('2026-11-22T09:00:00Z');
      await put(later, []);
    }
  });
});

describe('warnings on the traveller step', () => {
  type Warning = { code: string; message: string; expiration_date: string | null };
  const search = async (destination: string, datetime = '2026-11-23T07:00', mode: 'flight' | 'rail' = 'flight', token: string | null = alice) => {
    const res = await api.call('POST', '/api/v1/treep/search?version=v2', {
      token: token ?? undefined,
      body: {
        origin: 'city:paris',
        destination,
        datetime,
        represents: 'departure',
        nb_travelers: 1,
        travelers: [{ id: 1, age_cat: '30-59' }],
        filters: { rail: mode === 'rail', flight: mode === 'flight' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result as { proposals: { offers: { id: string }[]; arrival: string }[]; links: { travelerForm: Link } };
  };
  const warnings = async (results: Awaited<ReturnType<typeof search>>, token: string | null = alice, lang = 'fr') => {
    const res = await api.call('POST', results.links.travelerForm.href, {
      token: token ?? undefined,
      body: { choiceIDs: [results.proposals[0]!.offers[0]!.id] },
      headers: { 'accept-language': lang },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.result.travelerForms as { documentWarnings: Warning[] }[])[0]!.documentWarnings;
  };

  it('asks a passport for a flight leaving the Schengen area, and says nothing once one is recorded', async () => {
    const london = await search('city:london');
    expect(await warnings(london)).toEqual([{ code: 'PASSPORT_MISSING', expiration_date: null, message: expect.stringContaining('passeport') }]);
    expect((await warnings(london, alice, 'en'))[0]!.message).toMatch(/passport is required/);
    // An ID card is not enough outside Schengen.
    expect((await put(alice, [idCard()])).status).toBe(200);
    expect((await warnings(london)).map((w) => w.code)).toEqual(['PASSPORT_MISSING']);
    expect((await put(alice, [idCard(), passport()])).status).toBe(200);
    expect(await warnings(london)).toEqual([]);
    await put(alice, []);
  });

  it('fills the step’s travel document from the user’s own passport valid until the trip ends', async () => {
    const london = await search('city:london');
    const documentFields = async () => {
      const res = await api.call('POST', london.links.travelerForm.href, { token: alice, body: { choiceIDs: [london.proposals[0]!.offers[0]!.id] } });
      const groups = res.body.result.travelerForms[0].fieldsGroups as { group: string; fields: { name: string; value: string | null }[] }[];
      return Object.fromEntries(groups.find((g) => g.group === 'document')!.fields.map((f) => [f.name, f.value]));
    };
    expect(await documentFields()).toEqual({ nationality: null, document_number: null, document_expiry: null });
    expect((await put(alice, [passport({ expiration_date: '2026-11-23', number: 'OLD123456' }), passport(), idCard()])).status).toBe(200);
    expect(await documentFields()).toEqual({ nationality: 'FR', document_number: '12AB34567', document_expiry: '2030-02-28' });
    await put(alice, []);
  });

  it('asks an ID card or a passport for a flight between Schengen countries, nothing for a domestic flight or a train', async () => {
    const berlin = await search('city:berlin');
    expect((await warnings(berlin)).map((w) => w.code)).toEqual(['IDENTITY_DOCUMENT_MISSING']);
    expect(await warnings(await search('city:nice'))).toEqual([]);
    expect(await warnings(await search('city:lyon', '2026-11-23T07:00', 'rail'))).toEqual([]);
    expect((await put(alice, [idCard()])).status).toBe(200);
    expect(await warnings(berlin)).toEqual([]);
    await put(alice, []);
  });

  it('warns when the only passport expires before the trip ends', async () => {
    expect((await put(alice, [passport({ expiration_date: '2026-12-01' })])).status).toBe(200);
    const later = await search('city:london', '2026-12-10T07:00');
    expect(await warnings(later)).toEqual([
      {
        code: 'DOCUMENT_EXPIRES_BEFORE_RETURN',
        expiration_date: '2026-12-01',
        message: expect.stringMatching(/expire le 01\/12\/2026, avant la fin du voyage \(10\/12\/2026\)/),
      },
    ]);
    expect(await warnings(await search('city:london', '2026-11-25T07:00'))).toEqual([]);
    await put(alice, []);
  });

  it('tells no one else about the user’s documents: a signed-out step has no warning', async () => {
    expect((await put(alice, [])).status).toBe(200);
    const london = await search('city:london', '2026-11-23T07:00', 'flight', null);
    expect(await warnings(london, null)).toEqual([]);
  });
});

describe('logs', () => {
  it('never write a document number', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await freshDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent' });
    const app = await buildApp({ db: database.db, config, clock: fixedClock('2026-11-22T09:00:00Z'), logger: { level: 'trace', stream } });
    try {
      const headers = { 'api-key': DEMO_API_KEY };
      const login = await app.inject({ method: 'POST', url: '/api/v1/user/login', headers, payload: { username: 'alice', password: DEMO_PASSWORD } });
      const token = login.json().result?.token as string | undefined;
      const auth = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
      const put = (payload: unknown) => app.inject({ method: 'PUT', url: '/api/v1/user/documents', headers: auth, payload: payload as object });
      expect(token).toBeTruthy();
      expect((await put({ travel_documents: [passport({ number: 'SECRET1234' })] })).statusCode).toBe(200);
      await put({ travel_documents: [passport({ number: 'SECRET5678', expiration_date: '2001-01-01' })] });
      await put({ travel_documents: [passport({ number: 'SECRET9999', uid: '00000000-0000-4000-8000-000000000000' })] });
      await app.inject({ method: 'GET', url: '/api/v1/user/documents', headers: auth });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toMatch(/SECRET/);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
