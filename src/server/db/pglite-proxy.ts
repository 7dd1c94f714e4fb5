import { Worker } from 'node:worker_threads';

/*
 * PGlite on a thread of its own (db/pglite-thread.ts), seen from the server as the PGlite client
 * drizzle drives: query, exec, transaction, close. Each call is a message; results come back by
 * structured clone (Buffers of bytea included), errors with what callers read of them (`code`).
 */

/** What drizzle asks of a query, as it can cross threads (its parsers are functions). */
export type WireQueryOptions = { rowMode?: 'array' | 'object'; datesAsText?: boolean };

export type ThreadRequest =
  | { id: number; op: 'ready' | 'close' }
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: WireQueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean };

export type ThreadResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

type Results = { rows: unknown[]; fields: unknown[]; affectedRows?: number };
type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
/** A request before its id is given. */
type Outgoing = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;
type Send = <T>(request: Outgoing) => Promise<T>;

/** drizzle's options as they cross: its only parsers keep dates and intervals as text. */
const wire = (options?: QueryOptions): WireQueryOptions | undefined => options && { rowMode: options.rowMode, datesAsText: Boolean(options.parsers) };

/** A query target: the database, or one open transaction. */
class Target {
  constructor(
    protected readonly send: Send,
    private readonly tx?: number,
  ) {}
  query<T = Results>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T> {
    return this.send({ op: 'query', sql, params, options: wire(options), tx: this.tx });
  }
  exec(sql: string): Promise<Results[]> {
    return this.send({ op: 'exec', sql, tx: this.tx });
  }
}

export class PGliteThread extends Target {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private next = 1;
  private dead: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string) {
    const calls: { self?: PGliteThread } = {};
    super(((request) => calls.self!.call(request)) as Send);
    calls.self = this;
    // The thread's module is TypeScript, like the server: tsx's loader is registered in the thread first
    // (a worker does not inherit the `--import tsx` hooks of the main thread).
    const entry = JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href);
    this.worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${entry}); })`, { eval: true, workerData: { dataDir } });
    this.worker.on('message', (response: ThreadResponse) => {
      const call = this.pending.get(response.id);
      if (!call) return;
      this.pending.delete(response.id);
      if (response.ok) call.resolve(response.result);
      else call.reject(Object.assign(new Error(response.error.message), response.error));
    });
    // A thread that died answers nothing more: every call waiting, and every later one, fails.
    const die = (err: Error) => {
      this.dead ??= err;
      for (const call of this.pending.values()) call.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', die);
    this.worker.on('exit', (code) => die(new Error(`the database thread stopped (exit ${code})`)));
    this.waitReady = this.call({ op: 'ready' });
  }

  private call<T>(request: Outgoing): Promise<T> {
    const id = this.next++;
    if (this.dead) return Promise.reject(this.dead);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: Target) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    let result: T;
    try {
      result = await work(new Target(this.send, tx));
    } catch (err) {
      await this.call({ op: 'end', tx, commit: false });
      throw err;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    await this.call({ op: 'close' });
    await this.worker.terminate();
  }
}
