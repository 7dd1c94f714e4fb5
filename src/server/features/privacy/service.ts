import type { Lang } from '@contract/account';
import { OPTIONAL_DATA, type PrivacyPolicy } from '@contract/privacy';
import type { RelBody } from '@contract/rels';
import { revokeAllSessions } from '@server/platform/auth';
import { fail } from '@server/platform/errors';
import { sanitizeAgencyHtml } from '@server/platform/html';
import { recordAnswer } from '@server/platform/idempotency';
import { queueMails } from '@server/platform/outbox';
import type { RequestContext, UserContext as Ctx } from '@server/platform/request-context';
import { unusablePasswordHash, verifyPassword } from '@server/platform/secrets';
import { eraseAccount, clearOptionalData, lockUser } from '@server/db/account-erasure';
import { companyHasSso } from '@server/db/companies';
import { defaultPolicy } from './default-policy';
import { accountDeletedMail } from './mails';
import * as repo from './repository';

/**
 * Privacy (spec 3 §4 "Account deletion", §9 "Privacy policy"): the agency's policy, and
 * the signed-in user's two deletions, each one transaction with its answer (Idempotency-Key).
 */

const other = (lang: Lang): Lang => (lang === 'fr' ? 'en' : 'fr');

/** The agency's own text in the reader's language (else its other one), else Escale's default; sanitised whatever wrote it. */
export async function privacyPolicy(ctx: RequestContext): Promise<PrivacyPolicy> {
  const row = await repo.agencyPolicy(ctx.services.db, ctx.agency.id);
  const name = row?.name ?? ctx.agency.name;
  const text = row?.policy?.[ctx.lang] ?? row?.policy?.[other(ctx.lang)] ?? defaultPolicy(ctx.lang, name);
  // The page's title is its h1: the text's headings (h3, h4, the subset agency HTML allows) come right under it.
  const html = sanitizeAgencyHtml(text.html)
    .replace(/<(\/?)h3>/g, '<$1h2>')
    .replace(/<(\/?)h4>/g, '<$1h3>');
  return { title: text.title, version: text.version, html, agency: name };
}

/** DELETE user/optional_data: contact and birth details, accessibility needs, cards and documents go; the account stays. */
export async function deleteOptionalData(ctx: Ctx) {
  const answer = { message: 'DATA_DELETED' as const, cleared: [...OPTIONAL_DATA] };
  await ctx.services.db.transaction(async (tx) => {
    await clearOptionalData(tx, ctx.user.id);
    await recordAnswer(tx, () => answer);
  });
  return answer;
}

/**
 * DELETE user/data (spec 3 §4): the password confirms it. Refused while a travel of the user is in
 * progress or others' requests wait for their approval (409, 190), and for an account its company's
 * own sign-in manages (409, 192). Otherwise, in one transaction: carts deleted; travels that were
 * checked out kept (the law: 3 years) but attached to an anonymised account; personal data, cards,
 * documents, guests never booked, calendar feed and tokens erased; every session ended; an e-mail
 * in the user's language says so (written before the address is erased).
 */
export async function deleteAccount(ctx: Ctx, input: RelBody<'deleteAccount'>) {
  const { db, clock, mailer } = ctx.services;
  if (await companyHasSso(db, ctx.user.companyId)) fail('ACCOUNT_MANAGED_BY_COMPANY');
  if (!(await verifyPassword(ctx.user.passwordHash, input.password))) fail('WRONG_PASSWORD');
  // No one knows this password: nothing opens the erased account again.
  const unusable = await unusablePasswordHash();
  return db.transaction(async (tx) => {
    const now = clock.now();
    const user = await lockUser(tx, ctx.user.id);
    // A twin call that got here first erased it: its answer is this call's (the idempotency layer replays it).
    if (!user || user.status === 'deleted') return fail('AUTHENTICATION_ERROR');
    const busy = await repo.inProgress(tx, user.id, now);
    if (busy.travels > 0 || busy.approvals > 0) fail('TRAVELS_IN_PROGRESS');
    await repo.deleteCarts(tx, user.id);
    const keptTravels = await repo.checkedOutTravels(tx, user.id);
    const mail = accountDeletedMail({ lang: user.preferredLang ?? user.lang, agency: ctx.agency.name, firstname: user.firstname, keptTravels });
    await queueMails(tx, mailer, [{ agencyId: ctx.agency.id, to: user.email, ...mail }], now);
    await eraseAccount(tx, user, unusable, now);
    await revokeAllSessions({ ...ctx.services, db: tx }, user.id);
    const answer = { message: 'ACCOUNT_DELETED' as const, keptTravels };
    await recordAnswer(tx, () => answer);
    return answer;
  });
}
