import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiCode } from '@contract/api-codes';
import { CALENDAR_FEED_PREFIX, calendarSubscriptionSchema } from '@contract/calendar';
import { envelope } from '@contract/envelope';
import { apiErrors } from '@server/openapi';
import { ApiError } from '@server/platform/errors';
import { idempotentWithSecret } from '@server/platform/idempotency';
import { relRoute } from '@server/platform/rel-route';
import { userContext } from '@server/platform/request-context';
import type { Services } from '@server/platform/services';
import * as calendar from './service';
import { entries } from '@contract/entries';

const tags = ['calendar'];
const ICS_TYPE = 'text/calendar; charset=utf-8';
const icsAnswer = z
  .string()
  .meta({ description: 'An iCalendar file (text/calendar, RFC 5545): one VEVENT per leg, its times in the zone of its station or airport.' });

/** Calls a calendar app may make to one feed address a minute, per client address. */
export const FEED_RATE_LIMIT = 30;

/** The travel's .ics and the user's subscription (under API_BASE: Api-Key and session). */
export function calendarRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const on = { app, services, tags };

    relRoute(
      on,
      'calendar',
      { summary: 'A booked travel’s legs as an iCalendar file', session: 'user', answer: icsAnswer, errors: [400, 401, 404] },
      async ({ ctx, params, reply }) => {
        const { ics, filename } = await calendar.travelCalendar(ctx, params.travelID);
        return reply.type(ICS_TYPE).header('Content-Disposition', `attachment; filename="${filename}"`).send(ics);
      },
    );

    r.get(
      entries.calendarSubscription,
      {
        onRequest: app.requireUser,
        schema: {
          tags,
          summary: 'The user’s private calendar feed: whether an address works, and the links to make a new one or end it',
          operationId: 'calendarSubscription',
          response: { 200: envelope(calendarSubscriptionSchema), ...apiErrors(400, 401) },
        },
      },
      async (request) => ({ result: await calendar.subscription(userContext(request, services)) }),
    );

    relRoute(
      on,
      'subscribeCalendar',
      {
        summary:
          'Make a new secret feed address (the previous one stops working); the answer is the only one that shows it (a replay of its Idempotency-Key answers the subscription without it)',
        session: 'user',
        errors: [400, 401, 409, 422],
        once: false, // runs `idempotentWithSecret` itself: its stored answer holds no address
      },
      async ({ ctx, request, reply }) => {
        const answer = await idempotentWithSecret(
          services.db,
          request,
          ctx.user.id,
          () => calendar.subscribe(ctx),
          calendar.withoutAddress,
          services.config.idempotencyLeaseMs,
        );
        return reply.status(answer.status).send(answer.body);
      },
    );
    relRoute(
      on,
      'revokeCalendar',
      { summary: 'End the feed address: calendar apps reading it get 404', session: 'user', errors: [400, 401, 409, 422] },
      ({ ctx }) => calendar.revoke(ctx),
    );
  };
}

/**
 * The feed calendar apps poll (outside the API: they send neither Api-Key nor session). Only its
 * secret token leads to it; an unknown or revoked one answers 404, and each client address may call
 * FEED_RATE_LIMIT times a minute.
 */
export function calendarFeedRoutes(services: Services) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      `${CALENDAR_FEED_PREFIX}:file`,
      {
        config: { rateLimit: { max: FEED_RATE_LIMIT, timeWindow: '1 minute', errorResponseBuilder: () => new ApiError(apiCode.TOO_MANY_ATTEMPTS) } },
        schema: {
          // Not part of the API (no Api-Key, outside API_BASE): its address is the secret the API hands out.
          hide: true,
          params: z.object({ file: z.string().max(220) }),
          response: { 200: icsAnswer, ...apiErrors(404, 429) },
        },
      },
      async (request, reply) => {
        const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
        const ics = await calendar.feed(services, token);
        // Private: no shared cache keeps it; calendar apps poll it again.
        return reply.type(ICS_TYPE).header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex').send(ics);
      },
    );
  };
}
