import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { brandingFixture } from './fixtures';

/** The msw server of the web component tests: the agency's branding and an empty cart by default; tests add theirs with server.use(). */
export const server = setupServer(
  http.get('/api/v1/agency', () => HttpResponse.json({ result: brandingFixture })),
  // The header's cart badge (signed in).
  http.get('/api/v1/v2/travels/', () => HttpResponse.json({ result: { travels: [], links: {} } })),
);
