import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { brandingFixture } from './fixtures';

/** The msw server of the web component tests: the agency's branding, an empty cart and no agency messages by default; tests add theirs with server.use(). */
export const server = setupServer(
  http.get('/api/v1/agency', () => HttpResponse.json({ result: brandingFixture })),
  // The header's cart badge (signed in).
  http.get('/api/v1/v2/travels/', () => HttpResponse.json({ result: { travels: [], links: {} } })),
  // The agency's messages of a page (the home page's, the cart's): none.
  http.get('/api/v1/comms', () => HttpResponse.json({ result: {} })),
);
