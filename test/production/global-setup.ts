import fs from 'node:fs';
import path from 'node:path';
import { PRODUCTION } from './settings';
import { startIdentityProvider } from './identity-provider';
import { startMailSink } from './mail-sink';

/** The world around a production server: its SMTP relay and a company's identity provider, for the whole run. */
export default async function setup() {
  fs.mkdirSync(path.dirname(PRODUCTION.mailFile), { recursive: true });
  const sink = await startMailSink(PRODUCTION.smtpPort, PRODUCTION.mailFile);
  const provider = await startIdentityProvider(PRODUCTION.providerPort, {
    id: 'escale-umbrella',
    secret: 'production-journey-client-secret',
    redirectUri: `http://localhost:${PRODUCTION.port}/auth/callback`,
  });
  return async () => {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    await new Promise<void>((resolve) => provider.server.close(() => resolve()));
  };
}
