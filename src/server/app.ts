import zlib from 'node:zlib';
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE } from '../contract/rels';
import type { Database } from './db/client';
import type { Config } from './config';
import { shiftedClock, systemClock, type Clock } from './platform/clock';
import { outboxMailer, type Mailer } from './platform/mail';
import { clientErrorHandler, frameworkErrors, installErrorHandler, installInputGuard } from './platform/errors';
import { installTenancy } from './platform/tenancy';
import { installAuth } from './platform/auth';
import { installSecurityHeaders } from './platform/security-headers';
import { installRateLimits, type RateLimitStoreKind } from './platform/rate-limit';
import type { Services } from './platform/services';
import { startJobRunner, type JobHandlers, type JobRunner } from './platform/jobs';
import { createMetrics, installRequestMetrics, metricsRoute, timedSupplier } from './platform/metrics';
import { healthRoutes, installCloseOnStop } from './platform/health';
import { installRequestIdEcho, OneLinePerRequest, redactUrl, requestIdGenerator } from './platform/request-log';
import { maintenanceJobs, scheduleMaintenance } from './platform/maintenance';
import { mailJobs } from './platform/outbox';
import { serveWebApp } from './web';
import { registerOpenApi } from './openapi';
import { accountRoutes } from './features/account/routes';
import { userView } from './features/account/service';
import { profileRoutes } from './features/profile/routes';
import { brandingRoutes } from './features/branding/routes';
import { mailboxRoutes } from './features/mailbox/routes';
import { devClockRoutes } from './features/dev-clock/routes';
import { devUsersRoutes } from './features/dev-users/routes';
import { placesRoutes } from './features/places/routes';
import { tripRoutes } from './features/trip/routes';
import { cartRoutes } from './features/cart/routes';
import { hotelRoutes } from './features/hotel/routes';
import { carRentalRoutes } from './features/car-rental/routes';
import { expertCartRoutes } from './features/cart/expert';
import { expertRoutes } from './features/expert/routes';
import { travelsRoutes } from './features/travels/routes';
import { bookingRoutes } from './features/booking/routes';
import { approvalsRoutes } from './features/approvals/routes';
import { heldOptionsRoutes } from './features/agency-queue/held-options-routes';
import { agencyQueueRoutes } from './features/agency-queue/routes';
import { bookingJobs } from './booking/jobs';
import { approvalJobs } from './features/approvals/jobs';
import { exchangeRoutes } from './features/exchange/routes';
import { privacyRoutes } from './features/privacy/routes';
import { onboardingRoutes } from './features/onboarding/routes';
import { exchangeJobs, scheduleExchangeCleanup } from './features/exchange/jobs';
import { scheduleSearchCleanup, tripJobs } from './features/trip/jobs';
import { checkoutRoutes } from './features/checkout/routes';
import { travelersRoutes } from './features/travelers/routes';
import { installStaffAudit } from './features/staff-audit/hook';
import { commsRoutes } from './features/comms/routes';
import { calendarFeedRoutes, calendarRoutes } from './features/calendar/routes';
import { reconciliationJobs, scheduleReconciliation } from './features/reconciliation/jobs';
import { bookingsRoutes } from './features/my-bookings/routes';
import { cancellationRoutes } from './features/cancellation/routes';
import { companyAdminRoutes } from './features/company-admin/routes';
import { agencyAdminRoutes } from './features/agency-admin/routes';
import { cardsRoutes } from './features/loyalty-cards/routes';
import { statsRoutes } from './features/stats/routes';
import { documentsRoutes } from './features/documents/routes';
import { mapRoutes } from './features/map/routes';
import { ssoRoutes } from './features/sso/routes';
import { scimRoutes } from './features/scim/routes';
import { sandboxSupplier } from './supplier';
import { withCircuitBreakers } from './supplier/breaker';
import { sandboxMediaRoutes } from './supplier/media';
import type { Supplier } from './supplier/types';
import { paymentCardsRoutes } from './features/payment-cards/routes';
import { cardPaymentJobs } from './features/booking/card-payment';
import { refundJobs } from './features/cancellation/refunds';
import { createSandboxPayment } from './payment/sandbox';
import { sandboxPaymentRoutes } from './payment/sandbox-routes';
import type { PaymentService } from './payment/types';

/** Every durable job kind and its handler. */
export const JOB_HANDLERS: JobHandlers = {
  ...bookingJobs,
  ...approvalJobs,
  ...cardPaymentJobs,
  ...refundJobs,
  ...exchangeJobs,
  ...tripJobs,
  ...maintenanceJobs,
  ...mailJobs,
  ...reconciliationJobs,
};

/**
 * `jobPollMs` starts the durable-job runner with the app (the server does; tests run jobs themselves).
 * `rateLimitStore`: counters in the database, shared by every process on it (the default on
 * PostgreSQL), or in memory (the default on PGlite, which one process opens).
 */
export type AppDeps = {
  db: Database['db'];
  config: Config;
  clock?: Clock;
  mailer?: Mailer;
  supplier?: Supplier;
  /** The card payment service; the sandbox one (on this database) by default. */
  payment?: PaymentService;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger (its level, redaction and serializers) writes; stdout by default. */
  logStream?: NodeJS.WritableStream;
  jobPollMs?: number;
  rateLimitStore?: RateLimitStoreKind;
};

export async function buildApp(deps: AppDeps) {
  const testClock = !deps.clock && deps.config.testClock && !deps.config.production ? shiftedClock() : null;
  const clock = deps.clock ?? testClock ?? systemClock;
  // The sandbox payment service is the demo's bank, like the sandbox supplier its carriers; its pages are demo-only (below).
  const sandboxPayment = createSandboxPayment(deps.db, clock);
  const mailer = deps.mailer ?? outboxMailer;
  // Node's own metrics for the server's app only (the one that runs jobs): tests build many apps in one process.
  const metrics = createMetrics({ db: deps.db, clock, mailer }, { processMetrics: Boolean(deps.jobPollMs) });
  const services: Services = {
    db: deps.db,
    config: deps.config,
    clock,
    mailer,
    // A supplier that keeps failing is not waited for on every call (supplier/breaker.ts).
    supplier: timedSupplier(withCircuitBreakers(deps.supplier ?? sandboxSupplier(deps.config), { clock }), metrics.supplierCalls),
    payment: deps.payment ?? sandboxPayment,
  };
  const { config } = services;
  const app = Fastify({
    bodyLimit: 256 * 1024,
    // X-Forwarded-* are believed only from the configured proxies (none by default).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors,
    clientErrorHandler,
    // Ids and the one line per request are platform/request-log.ts's.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    logController: new OneLinePerRequest(),
    logger: deps.logger ?? {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.authorization', 'req.headers["api-key"]', 'req.headers.cookie'],
      serializers: {
        // originalUrl: the URL as it came, before a mounted handler (the demo OIDC provider) rewrote it.
        req: (req) => ({ method: req.method, url: redactUrl(req.originalUrl ?? req.url), remoteAddress: req.ip }),
      },
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: every answer, refusals by the hooks below included, carries its request id and is measured.
  installRequestIdEcho(app);
  installRequestMetrics(app, metrics);
  installCloseOnStop(app);

  installSecurityHeaders(app, config);
  // Answers up to 4 MB are compressed in one call on the event loop: the streaming path costs
  // several times that on 2 cores (25 ms for 1,000 tickets, 1.1 MB, against 2 ms in one call).
  // Brotli at quality 1 writes a 90 KB trip search as 4.4 KB in 0.07 ms, where the plugin's
  // quality 4 takes 0.7 ms for 3.5 KB (static assets are precompressed).
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 4 * 1024 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await installRateLimits(app, services.db, deps.rateLimitStore ?? (config.databaseUrl ? 'database' : 'memory'));
  await registerOpenApi(app);

  installErrorHandler(app);
  installInputGuard(app);
  installTenancy(app, services);
  installAuth(app, services);

  await app.register(
    async (api) => {
      installStaffAudit(api, services);
      await api.register(brandingRoutes());
      await api.register(accountRoutes(services));
      // The profile's answer is the user as the account feature shows it: handed over here.
      await api.register(profileRoutes(services, userView));
      await api.register(placesRoutes(services));
      await api.register(tripRoutes(services));
      await api.register(hotelRoutes(services));
      await api.register(carRentalRoutes(services));
      await api.register(cartRoutes(services));
      await api.register(expertRoutes(services));
      await api.register(expertCartRoutes(services));
      await api.register(travelsRoutes(services));
      await api.register(bookingRoutes(services));
      await api.register(approvalsRoutes(services));
      await api.register(checkoutRoutes(services));
      await api.register(travelersRoutes(services));
      await api.register(commsRoutes(services));
      await api.register(calendarRoutes(services));
      await api.register(bookingsRoutes(services));
      await api.register(cancellationRoutes(services));
      await api.register(companyAdminRoutes(services));
      await api.register(agencyAdminRoutes(services));
      await api.register(cardsRoutes(services));
      await api.register(statsRoutes(services));
      await api.register(documentsRoutes(services));
      await api.register(paymentCardsRoutes(services));
      await api.register(agencyQueueRoutes(services));
      await api.register(heldOptionsRoutes(services));
      await api.register(exchangeRoutes(services));
      await api.register(privacyRoutes(services));
      await api.register(onboardingRoutes(services));
    },
    { prefix: API_BASE },
  );
  await app.register(calendarFeedRoutes(services));
  await app.register(sandboxMediaRoutes());
  await app.register(mapRoutes(services));
  await app.register(ssoRoutes(services));
  await app.register(scimRoutes(services));
  if (!config.production) await app.register(mailboxRoutes(services));
  // The sandbox payment service's card tokenization and bank page: demo mode and tests only.
  if (!config.production) await app.register(sandboxPaymentRoutes(sandboxPayment));
  if (testClock) await app.register(devClockRoutes(testClock));
  if (testClock) await app.register(devUsersRoutes(services, testClock));
  let runner: JobRunner | undefined;
  await app.register(metricsRoute(metrics, config));
  await app.register(healthRoutes({ db: services.db, jobRunnerAlive: deps.jobPollMs ? () => runner?.alive() ?? false : null }));
  await serveWebApp(app, services);
  if (deps.jobPollMs) {
    const pollMs = deps.jobPollMs;
    app.addHook('onReady', async () => {
      await scheduleSearchCleanup(services.db, services.clock.now());
      await scheduleExchangeCleanup(services.db, services.clock.now());
      await scheduleMaintenance(services.db, services.clock.now());
      await scheduleReconciliation(services.db, services.clock.now());
      runner = startJobRunner(services, JOB_HANDLERS, { pollMs, onError: (err) => app.log.error({ err }, 'job runner failed') });
    });
    // A stop lets the job in progress finish (main.ts bounds the wait).
    app.addHook('onClose', async () => runner?.stop());
  }
  return app;
}
