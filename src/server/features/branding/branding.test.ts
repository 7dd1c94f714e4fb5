import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from '@test/support/api';
import { agencies } from '@server/db/schema';
import { sha256 } from '@server/platform/secrets';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const agency = (lang: string, apiKey?: string) => api.call('GET', '/api/v1/agency', { apiKey, headers: { 'accept-language': lang } });

describe('GET /agency', () => {
  it('answers the information block in the caller’s language', async () => {
    const fr = await agency('fr-FR');
    expect(fr.body.result.info.title).toBe('Votre agence Escale Voyages');
    expect(fr.body.result.info.html).toMatch(/^<p>Notre équipe vous répond/);
    const en = await agency('en-GB,en;q=0.9');
    expect(en.body.result.info.title).toBe('Your agency Escale Voyages');
    expect(en.body.result.info.html).toMatch(/^<p>Our team answers/);
    expect(en.headers.vary).toMatch(/Accept-Language/);
  });

  it('falls back to the language the agency wrote its block in, and has no block when it wrote none', async () => {
    await api.db.insert(agencies).values([
      {
        name: 'Only French',
        apiKeyHash: sha256('fr-only-key'),
        brandColor: '#000000',
        accentColor: '#000000',
        info: { fr: { title: 'Bienvenue', html: '<p>Bonjour</p>' } },
      },
      { name: 'Silent', apiKeyHash: sha256('silent-key'), brandColor: '#000000', accentColor: '#000000' },
    ]);
    expect((await agency('en', 'fr-only-key')).body.result.info).toEqual({ title: 'Bienvenue', html: '<p>Bonjour</p>' });
    expect((await agency('en', 'silent-key')).body.result.info).toBeNull();
  });

  it('answers the information block sanitised, whatever the row holds (a script, an onerror, a javascript: link)', async () => {
    await api.db.insert(agencies).values({
      name: 'Raw HTML',
      apiKeyHash: sha256('raw-html-key'),
      brandColor: '#000000',
      accentColor: '#000000',
      info: {
        fr: {
          title: 'Bienvenue',
          html: '<p>Bonjour<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)" onclick="alert(4)">ici</a></p>',
        },
      },
    });
    const html = (await agency('fr', 'raw-html-key')).body.result.info.html as string;
    expect(html).toBe('<p>Bonjour<a>ici</a></p>');
    expect(html).not.toMatch(/script|onerror|onclick|javascript|alert/);
  });
});
