import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '@server/db/schema';
import { insertUser } from '@server/db/users';
import type { Clock } from '@server/platform/clock';
import { fail } from '@server/platform/errors';
import { loopbackOnly } from '@server/platform/loopback';
import type { Services } from '@server/platform/services';

/**
 * The journeys' own users (TEST_CLOCK=1, never in production, loopback only): `POST /dev/users`
 * makes an active twin of a demo user — same agency, company, permissions (unless given), feature
 * flags, profile and password — under a new username and e-mail, so that a journey books as a user
 * nobody else touches. For what no public call can make: Globex has no travel manager to invite its
 * employees, and an invitation gives no feature flags. Answers the twin's username and e-mail.
 */
export function devUsersRoutes({ db }: Pick<Services, 'db'>, clock: Clock) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const body = z
      .object({
        like: z.string().min(1).max(64),
        username: z.string().regex(/^[a-z0-9][a-z0-9.-]{2,63}$/),
        lastname: z.string().min(1).max(64).optional(),
        /** The twin's permissions instead of the model's (e.g. none: a traveller who approves nothing). */
        perms: z.array(z.string().max(64)).max(10).optional(),
      })
      .strict();
    r.post('/dev/users', { schema: { hide: true, body }, preHandler: loopbackOnly }, async (request, reply) => {
      const { like, username, lastname, perms } = request.body;
      const [model] = await db.select().from(users).where(eq(users.username, like)).limit(1);
      if (!model) return fail('USER_NOT_FOUND_2');
      const email = `${username}@${model.email.split('@')[1]}`;
      const now = clock.now();
      const twin = await insertUser(db, {
        agencyId: model.agencyId,
        companyId: model.companyId,
        username,
        email,
        passwordHash: model.passwordHash,
        gender: model.gender,
        firstname: model.firstname,
        lastname: lastname ?? model.lastname,
        phone: model.phone,
        birthdate: model.birthdate,
        address: model.address,
        perms: perms ?? model.perms,
        flags: model.flags,
        lang: model.lang,
        status: 'active',
        gdprConsentAt: now,
        activatedAt: now,
      });
      return reply.code(201).send({ result: { username: twin.username, email: twin.email } });
    });
  };
}
