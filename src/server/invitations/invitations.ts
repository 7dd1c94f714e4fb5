import { and, eq, isNull } from 'drizzle-orm';
import type { Lang } from '@contract/account';
import type { Db } from '@server/db/client';
import { companies, userTokens, users } from '@server/db/schema';
import { insertUser, userByEmail, userByUsername, type UserRecord } from '@server/db/users';
import { fail } from '@server/platform/errors';
import { queueMails } from '@server/platform/outbox';
import { newToken, sha256, unusablePasswordHash } from '@server/platform/secrets';
import type { Services } from '@server/platform/services';
import { invitationMail } from './mail';

/**
 * Inviting a person by e-mail, whoever invites: a travel manager their employees, an agency administrator
 * its staff and a client company's first travel manager, the operator tool an agency's first people.
 * The invitee gets an `invited` account nobody can sign in to and a link where they choose their own
 * password (features/company-admin's invitation routes); no password is ever given to them.
 */

/** An invitation link works this long. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

type Deps = Pick<Services, 'clock' | 'mailer'>;

/** Who invites, to what: `place` is the company's name, or the agency's for its own staff. */
export type Inviter = { agency: { id: string; name: string }; origin: string; name: string };

/** The invitation e-mail with a fresh link, written in `tx` (a rolled-back invitation sends nothing); earlier links stop working. */
export async function queueInvitation(tx: Db, deps: Deps, inviter: Inviter, place: string, invitee: UserRecord) {
  const now = deps.clock.now();
  const token = newToken();
  await retireInvitations(tx, invitee.id, now);
  await tx
    .insert(userTokens)
    .values({ userId: invitee.id, kind: 'invitation', tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS) });
  const mail = invitationMail({
    lang: invitee.lang,
    agency: inviter.agency.name,
    company: place,
    staff: invitee.companyId === null,
    firstname: invitee.firstname,
    inviter: inviter.name,
    username: invitee.username,
    url: `${inviter.origin}/user/invitation/${token}`,
    days: INVITATION_DAYS,
  });
  await queueMails(tx, deps.mailer, [{ agencyId: inviter.agency.id, to: invitee.email, ...mail }], now);
}

/** An invitation no longer works once another is sent, or the invitee is deactivated. */
export const retireInvitations = (db: Db, userId: string, now: Date) =>
  db
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, 'invitation'), isNull(userTokens.usedAt)));

/** An invitation of one of the agency's users, with that user and their company's name (null: the agency's own staff). */
export const invitationByHash = async (db: Db, agencyId: string, tokenHash: string) =>
  (
    await db
      .select({ token: userTokens, user: users, company: companies.name })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.kind, 'invitation'), eq(users.agencyId, agencyId)))
      .limit(1)
  )[0];

export type Invitee = {
  /** null: the agency's own staff (travel agents, assistance agents, agency administrators). */
  companyId: string | null;
  email: string;
  username?: string;
  gender?: 'MR' | 'MS';
  firstname: string;
  lastname: string;
  perms: string[];
  lang: Lang;
};

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * Invites a person: an `invited` account (no usable password) and the e-mail with its link. The same
 * e-mail again, while that account of the same company is still invited, sends a fresh link and changes
 * nothing else; an e-mail another account uses is refused (49), a username taken too (52).
 * `inTransaction` runs in the same transaction (the caller's idempotent answer, its audit line).
 */
export async function invitePerson(
  db: Db,
  deps: Deps,
  inviter: Inviter,
  place: string,
  invitee: Invitee,
  inTransaction: (tx: Db, user: UserRecord) => Promise<void> = async () => {},
): Promise<UserRecord> {
  const existing = await userByEmail(db, inviter.agency.id, invitee.email);
  if (existing) {
    if (existing.companyId !== invitee.companyId || existing.status !== 'invited') return fail('EMAIL_IN_USE');
    return db.transaction(async (tx) => {
      await queueInvitation(tx, deps, inviter, place, existing);
      await inTransaction(tx, existing);
      return existing;
    });
  }
  const username = invitee.username ?? invitee.email;
  if (await userByUsername(db, inviter.agency.id, username)) fail('USER_EXISTS');
  // No one knows this password: the account opens only with the one the invitee chooses.
  const passwordHash = await unusablePasswordHash();
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        agencyId: inviter.agency.id,
        companyId: invitee.companyId,
        username,
        email: invitee.email,
        passwordHash,
        gender: invitee.gender,
        firstname: invitee.firstname,
        lastname: invitee.lastname,
        perms: invitee.perms,
        lang: invitee.lang,
        status: 'invited',
      });
      await queueInvitation(tx, deps, inviter, place, user);
      await inTransaction(tx, user);
      return user;
    });
  } catch (err) {
    // A concurrent invitation (or sign-up) took the e-mail or the username first.
    if (!isUniqueViolation(err)) throw err;
    if (await userByEmail(db, inviter.agency.id, invitee.email)) return fail('EMAIL_IN_USE');
    return fail('USER_EXISTS');
  }
}
