import { PGlite } from '@electric-sql/pglite';
const db = new PGlite('/work/main/.test-data/e2e');
const r = await db.query(`select kind, key, run_at, done_at, lease_until, attempts, left(last_error, 300) as err from jobs where kind like 'approval%' or kind like 'expire%' order by run_at`);
console.log(r.rows);
const o = await db.query(`select "to", subject, created_at from outbox order by created_at desc limit 5`);
console.log(o.rows);
