import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { sessions, users } from '../db/schema';
import { fail } from './errors';
import { minutes, hours } from './clock';
import { newToken, sha256 } from './secrets';
import type { Services } from './services';
import { agencyOf } from './tenancy';

export type UserRow = typeof users.$inferSelect;
/** `externalSource`: opened from a partner's sandbox entry (spec 3 §2), whose features hide tabs and the account area. */
export type SessionInfo = { id: string; user: UserRow; externalSource: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return m ? m[1]! : null;
};

export async function createSession({ db, clock, config }: Services, userId: string, { externalSource = false } = {}): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(sessions).values({
    userId,
    externalSource,
    tokenHash: sha256(token),
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + hours(config.session.absoluteHours)),
  });
  return token;
}

export async function revokeSession({ db, clock }: Services, sessionId: string) {
  await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions({ db, clock }: Pick<Services, 'db' | 'clock'>, userId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Resolves `Authorization: Bearer` into a live session: not revoked, within absolute and idle expiry. */
export function installAuth(app: FastifyInstance, services: Services) {
  const { db, clock, config } = services;
  // Prepared once, on the first signed-in request: building the app (e.g. for its OpenAPI
  // description) touches no table. Every signed-in request asks it.
  let sessionByToken: ReturnType<typeof prepareSessionByToken> | undefined;
  const prepareSessionByToken = () =>
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
      .limit(1)
      .prepare('session_by_token');

  async function liveSession(request: FastifyRequest): Promise<SessionInfo | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const now = clock.now();
    const [row] = await (sessionByToken ??= prepareSessionByToken()).execute({ tokenHash: sha256(token), now: now.toISOString() });
    if (!row || row.user.agencyId !== agencyOf(request).id || row.user.status !== 'active') return null;
    const idleSince = now.getTime() - row.session.lastSeenAt.getTime();
    if (idleSince > minutes(config.session.idleMinutes)) return null;
    // Touch at most once a minute: idle expiry needs no write per request.
    if (idleSince > 60_000) await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    return { id: row.session.id, user: row.user, externalSource: row.session.externalSource };
  }

  app.decorateRequest('session', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    request.session = (await liveSession(request)) ?? fail('AUTHENTICATION_ERROR');
  });
  // Public calls that say more to a signed-in user; a stale token there is simply ignored.
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.session = await liveSession(request);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    optionalUser: (request: FastifyRequest) => Promise<void>;
  }
}

export const currentUser = (request: FastifyRequest): UserRow => request.session?.user ?? fail('AUTHENTICATION_ERROR');
