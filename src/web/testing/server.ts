import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { brandingFixture } from './fixtures';

/** The msw server of the web component tests: the agency's branding by default; tests add theirs with server.use(). */
export const server = setupServer(http.get('/api/v1/agency', () => HttpResponse.json({ result: brandingFixture })));
