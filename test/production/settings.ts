import { createHash } from 'node:crypto';

const PORT = Number(process.env.E2E_PRODUCTION_PORT ?? 3190);
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// One database per checkout, as the API tests' template: two worktrees on one server keep apart.
const database = new URL(SERVER_URL);
database.pathname = `/escale_production_journey_${createHash('sha256').update(process.cwd()).digest('hex').slice(0, 8)}`;

/** Where the production journey's server, mail relay and identity provider listen. */
export const PRODUCTION = {
  port: PORT,
  databaseUrl: database.toString(),
  smtpPort: PORT + 1,
  providerPort: PORT + 2,
  mailFile: `.test-data/production-mail-${PORT}.jsonl`,
};
