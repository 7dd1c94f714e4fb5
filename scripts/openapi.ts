import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';

// Writes the OpenAPI description the server publishes at /api/docs/json to a file (default
// .test-data/openapi.json), for `npm run lint:openapi`. Building the description touches no
// table, so no database is opened.
const out = path.resolve(process.argv[2] ?? '.test-data/openapi.json');
const app = await buildApp({
  db: {} as Database['db'],
  config: loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent' }),
  logger: false,
});
await app.ready();
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
console.log(`OpenAPI description written to ${path.relative(process.cwd(), out)}`);
