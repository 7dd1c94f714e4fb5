import type { Invitation } from '@contract/company-admin';
import { linkTo, type RelBody } from '@contract/rels';
import { fail } from '@server/platform/errors';
import type { RequestContext } from '@server/platform/request-context';
import { hashPassword, sha256 } from '@server/platform/secrets';
import { useUpToken } from '@server/db/user-tokens';
import { invitationByHash } from '@server/invitations/invitations';
import * as repo from './repository';

/** The invitee's side of an invitation: no session, the e-mailed token is the entry point. */

/** The invitation behind an e-mailed token: unknown → 101, used (or superseded) → 103, expired → 102, the account deactivated → 65. */
async function invitation(ctx: RequestContext, token: string) {
  const found = await invitationByHash(ctx.services.db, ctx.agency.id, sha256(token));
  if (!found) return fail('TOKEN_INVALID');
  if (found.token.usedAt) fail('TOKEN_USED');
  if (found.token.expiresAt <= ctx.services.clock.now()) fail('TOKEN_EXPIRED');
  if (found.user.status !== 'invited') fail('USER_STATUS_INVALID');
  return found;
}

/** `GET /user/invitation/{token}`: who is invited where, and the link to accept. */
export async function readInvitation(ctx: RequestContext, token: string): Promise<Invitation> {
  const { user, company } = await invitation(ctx, token);
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    username: user.username,
    company: company ?? ctx.agency.name,
    links: { acceptInvitation: linkTo('acceptInvitation', { token }) },
  };
}

/** The invitee's password: the token is used once, the account active; they sign in with their username next. */
export async function acceptInvitation(ctx: RequestContext, token: string, input: RelBody<'acceptInvitation'>): Promise<{ username: string }> {
  const found = await invitation(ctx, token);
  const passwordHash = await hashPassword(input.password);
  const { db, clock } = ctx.services;
  return db.transaction(async (tx) => {
    const now = clock.now();
    if (!(await useUpToken(tx, found.token.id, now))) fail('TOKEN_USED');
    const [row] = await repo.activateInvitee(tx, found.user.id, passwordHash, now);
    // Deactivated between the read and now: nothing changes (the transaction rolls back).
    if (!row) fail('USER_STATUS_INVALID');
    return { username: row!.username };
  });
}
