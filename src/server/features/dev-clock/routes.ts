import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ShiftedClock } from '@server/platform/clock';
import { loopbackOnly } from '@server/platform/loopback';

const MAX_SHIFT_MINUTES = 60 * 24 * 366;

/**
 * The journeys' clock (TEST_CLOCK=1, never in production, loopback only): `POST /dev/clock` moves
 * the server's time forward by `advanceMinutes` — due timers fire at the job runner's next poll —
 * or back to the real time with `reset`. Answers the server's time now.
 */
export function devClockRoutes(clock: ShiftedClock) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const body = z.union([
      z.object({ advanceMinutes: z.number().int().min(1).max(MAX_SHIFT_MINUTES) }).strict(),
      z.object({ reset: z.literal(true) }).strict(),
    ]);
    r.post('/dev/clock', { schema: { hide: true, body }, preHandler: loopbackOnly }, async (request) => {
      if ('reset' in request.body) clock.reset();
      else clock.shift(request.body.advanceMinutes * 60_000);
      return { result: { now: clock.now().toISOString(), offsetMinutes: Math.round(clock.offsetMs() / 60_000) } };
    });
  };
}
