import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { BYTEA_CODEC } from './pglite-codec';
import { withPreparedStatements } from './pglite-statements';
import type { ThreadRequest, ThreadResponse, WireQueryOptions } from './pglite-proxy';

/*
 * The embedded database on a thread of its own (db/pglite-proxy.ts is the other end): PostgreSQL's
 * work (WebAssembly) no longer holds the server's event loop, so on 2 cores the searches' generation
 * and serialization run while the database writes.
 */

/** drizzle reads dates and intervals as the database writes them (its own parsers are functions: they cannot cross threads). */
const AS_TEXT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = Object.fromEntries(AS_TEXT.map((oid) => [oid, (value: string) => value]));

const { dataDir } = workerData as { dataDir: string };
const pg = withPreparedStatements(new PGlite(dataDir, BYTEA_CODEC));
const port = parentPort!;

/*
 * PGlite copies a query's own parsers over its ~320 defaults on every call (0.1 ms, a third of a
 * small query's cost), and drizzle's every query brings them: they are the defaults here instead,
 * once the array types are known (their parsers are set at start-up). The rare call that does not
 * ask for dates as text brings PGlite's own.
 */
const ready = pg.waitReady.then(() => {
  const dateParsers = Object.fromEntries(AS_TEXT.map((oid) => [oid, pg.parsers[oid]!]));
  Object.assign(pg.parsers, asText);
  return { parsers: dateParsers };
});
const optionsOf = async (wire: WireQueryOptions | undefined) => {
  const ownDates = await ready;
  return wire?.datesAsText ? { rowMode: wire.rowMode } : { rowMode: wire?.rowMode, ...ownDates };
};

/** Open transactions: each one's handle, how to end it, and its outcome (its COMMIT's or ROLLBACK's). */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
const outcomes = new Map<number, Promise<void>>();
const ROLLBACK = new Error('rollback');

const reply = (message: ThreadResponse) => port.postMessage(message);
const failure = (err: unknown) => {
  const e = err as Error & Record<string, unknown>;
  // What callers read of a PostgreSQL error (code 23505: a unique key taken…), not its stack.
  return { message: e.message, code: e.code, detail: e.detail, constraint: e.constraint, table: e.table, severity: e.severity };
};

async function handle(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'ready':
      await ready;
      return null;
    case 'query': {
      const target = request.tx === undefined ? pg : open.get(request.tx)!.tx;
      const result = await target.query(request.sql, request.params, await optionsOf(request.options));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const target = request.tx === undefined ? pg : open.get(request.tx)!.tx;
      return (await target.exec(request.sql, await ready)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'begin':
      // Answers once the transaction holds the database (PGlite runs one at a time); ends when told.
      return new Promise((began, failed) => {
        let started = false;
        const outcome = pg.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              started = true;
              open.set(request.id, { tx, end: (yes) => (yes ? commit() : rollback(ROLLBACK)) });
              began(request.id);
            }),
        );
        outcomes.set(request.id, outcome);
        outcome.catch((err: unknown) => {
          if (started) return; // its end reports it
          outcomes.delete(request.id);
          failed(err);
        });
      });
    case 'end': {
      open.get(request.tx)!.end(request.commit);
      open.delete(request.tx);
      try {
        await outcomes.get(request.tx);
      } catch (err) {
        if (request.commit || err !== ROLLBACK) throw err;
      } finally {
        outcomes.delete(request.tx);
      }
      return null;
    }
    case 'close':
      await pg.close();
      return null;
  }
}

port.on('message', (request: ThreadRequest) => {
  handle(request).then(
    (result) => reply({ id: request.id, ok: true, result }),
    (err: unknown) => reply({ id: request.id, ok: false, error: failure(err) }),
  );
});
