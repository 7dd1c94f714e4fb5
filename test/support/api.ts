import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { travels } from '@server/db/schema';
import { buildApp } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { fixedClock } from '@server/platform/clock';
import { DEMO_API_KEY, DEMO_PASSWORD } from '@server/db/seed';
import { freshDatabase } from './databases';
import { LinkChecker } from './links';
import { publishedContract } from './openapi-contract';
import type { Supplier } from '@server/supplier/types';
import { outboxMailer } from '@server/platform/mail';
import type { Services } from '@server/platform/services';
import { createSandboxSupplier } from '@server/supplier';
import { createSandboxPayment } from '@server/payment/sandbox';
import type { PaymentService } from '@server/payment/types';
import type { Db } from '@server/db/client';
import type { Clock } from '@server/platform/clock';

export { DEMO_API_KEY, DEMO_PASSWORD };

type Body = InjectOptions['payload'];

/**
 * A real app on a fresh database with a clock the test moves. `payment`: the card payment service the
 * app uses, made on the test's database and clock (a test wraps the sandbox one to watch or break it).
 */
export async function startApi(
  overrides: Partial<Config> = {},
  deps: { supplier?: Supplier; payment?: (db: Db, clock: Clock) => PaymentService; logStream?: NodeJS.WritableStream } = {},
) {
  const database = await freshDatabase();
  const clock = fixedClock('2026-11-22T09:00:00Z');
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent', MAILING_RATE_LIMIT: '1000', ANONYMOUS_SEARCH_RATE_LIMIT: '1000' }),
    ...overrides,
  };
  const app = await buildApp({
    db: database.db,
    config,
    clock,
    ...(deps.logStream ? { logStream: deps.logStream } : { logger: false }),
    supplier: deps.supplier,
    payment: deps.payment?.(database.db, clock),
  });
  await app.ready();
  // Every link an answer carries must be a rel of the table, and following one must match it (links.ts).
  const links = new LinkChecker();
  // Every answer must be as the OpenAPI description the app publishes says (openapi-contract.ts).
  let contract: ReturnType<typeof publishedContract> | undefined;
  const published = () => (contract ??= publishedContract(app));

  /** `remoteAddress`: the connection's peer (inject's default is 127.0.0.1). */
  const call = async (
    method: InjectOptions['method'],
    url: string,
    opts: { body?: Body; token?: string; apiKey?: string | null; headers?: Record<string, string>; remoteAddress?: string } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.apiKey !== null) headers['api-key'] = opts.apiKey ?? DEMO_API_KEY;
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await app.inject({ method, url, headers, payload: opts.body, remoteAddress: opts.remoteAddress });
    const body = res.body ? (safeJson(res.body) as any) : null; // eslint-disable-line @typescript-eslint/no-explicit-any
    links.check({ method: String(method), url, body: opts.body }, { status: res.statusCode, body });
    (await published()).check({ method: String(method), url }, { status: res.statusCode, headers: res.headers, body: res.body });
    return { status: res.statusCode, body, headers: res.headers };
  };

  const login = async (username: string, password = DEMO_PASSWORD) => {
    const res = await call('POST', '/api/v1/user/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.result.token as string;
  };

  /** The newest e-mail to an address, and the first link in it. */
  const lastMail = async (to: string) => {
    const res = await call('GET', `/dev/mailbox.json?to=${encodeURIComponent(to)}`, { apiKey: null });
    const mail = res.body.result[0] as { subject: string; text: string } | undefined;
    if (!mail) return undefined;
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
    return { ...mail, link, token: link?.split('/').pop() };
  };

  return {
    app,
    db: database.db,
    clock,
    call,
    login,
    lastMail,
    links,
    /** The OpenAPI description the app publishes, as the answers are checked against it. */
    published,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** What the job runner and the services need, on the test app's database and clock (e-mails to the outbox, the sandbox supplier and payment service). */
export const jobServices = (api: Pick<Api, 'db' | 'clock'>, payment?: PaymentService): Services => ({
  db: api.db,
  clock: api.clock,
  config: loadConfig({ NODE_ENV: 'test' }),
  mailer: outboxMailer,
  supplier: createSandboxSupplier(),
  payment: payment ?? createSandboxPayment(api.db, api.clock),
});

const safeJson = (s: string) => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

export type Api = Awaited<ReturnType<typeof startApi>>;

/** Globex's mission order for its first traveller, as its checkout step would write it (that step is tested with checkout). */
export const GLOBEX_MISSION_ORDER = {
  travelerId: 1,
  purpose: 'Client visit',
  location: 'Lyon',
  startLocation: 'Paris',
  endLocation: 'Lyon',
  extraRemark: null,
  exemption: 'Only train left',
};

/** Writes Globex's mission order on a travel in the cart, so its next step is confirm. */
export const writeMissionOrders = (db: Db, travelId: string) =>
  db
    .update(travels)
    .set({ missionOrders: [GLOBEX_MISSION_ORDER] })
    .where(eq(travels.id, travelId));
