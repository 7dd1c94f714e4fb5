import pg from 'pg';

/**
 * Drops and recreates the production journey's database (an empty PostgreSQL database, as an operator
 * starts with), then exits: the playwright.production.config.ts web server runs it before the server.
 */
const url = new URL(process.env.DATABASE_URL ?? '');
const name = url.pathname.slice(1);
if (!/^escale_production_journey_[0-9a-f]{8}$/.test(name)) throw new Error(`refusing to reset ${name}: not the production journey's database`);
const server = new URL(url);
server.pathname = '/postgres';
const client = new pg.Client({ connectionString: server.toString() });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${name}`);
await client.end();
