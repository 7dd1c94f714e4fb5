import { afterEach, describe, expect, it } from 'vitest';
import { HttpResponse, http } from 'msw';
import { brandingFixture } from '../testing/fixtures';
import { server } from '../testing/server';
import { brandingQuery, loadBranding } from './branding';
import { i18n } from './i18n';
import { setPageData } from './page-data';
import { queryClient } from './query';

const titleLoaded = () => queryClient.getQueryData(brandingQuery().queryKey)?.info?.title;

describe('loadBranding', () => {
  afterEach(() => {
    setPageData({});
    queryClient.clear();
  });

  it('takes the branding the server put in the page when it is in the app’s language, else asks GET /agency', async () => {
    server.use(http.get('/api/v1/agency', () => HttpResponse.json({ result: { ...brandingFixture, info: { title: 'Asked', html: '' } } })));
    i18n.activate('fr');
    setPageData({ lang: 'fr', branding: { ...brandingFixture, info: { title: 'In the page', html: '' } } });
    await loadBranding();
    expect(titleLoaded()).toBe('In the page');

    queryClient.clear();
    // The server guessed English, the app speaks French (the visitor's stored choice).
    setPageData({ lang: 'en', branding: { ...brandingFixture, info: { title: 'In the page, in English', html: '' } } });
    await loadBranding();
    expect(titleLoaded()).toBe('Asked');
  });
});
