import { randomUUID } from 'node:crypto';
import type { Approval, ApprovalCounts, ApprovalQuery, OneClick } from '../../../contract/approvals';
import { linkTo } from '../../../contract/rels';
import type { Travel } from '../../../contract/travel';
import { approverBackup, companyApprovers } from '../../db/companies';
import { loadTravels, updateTravel, type ProductRow, type TravelRecord } from '../../db/travels';
import {
  answerChain,
  answerRefusal,
  approvalAccess,
  closeChain,
  involvedIn,
  isOpen,
  nextApprovers,
  paxSearchOf,
  presentApproval,
  type Answer,
  type ApprovalKind,
  type ApprovalView,
  type ChainPerson,
  type Refusal,
  type StoredChainStep,
  type Viewer,
} from '../../domain/approvals';
import { eligibleApprovers } from '../../domain/checkout';
import { countriesOf } from '../../domain/product';
import type { UserRow } from '../../platform/auth';
import { ApiError, fail } from '../../platform/errors';
import { recordAnswer } from '../../platform/idempotency';
import { enqueue, settleJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { newToken, sha256 } from '../../platform/secrets';
import type { Services } from '../../platform/services';
import { HIGH_RISK_COUNTRIES } from '../../supplier/reference';
import { SupplierError } from '../../supplier/types';
import * as repo from './approvals-repository';
import type { ApprovalRow, PersonRow } from './approvals-repository';
import { mailApprover, mailApproverFailed, mailRequester, type AskReason, type MailCtx, type RequesterNews } from './approvals-mail';
import { travelById, updateProduct } from './repository';
import { answer as presentedTravel, bookHeld, expiryKey, holdProducts, releaseAtSupplier, repriced, travelWithLink } from './service';
import { apiCode } from '../../../contract/api-codes';
import { personName } from '../../../contract/person-name';

/**
 * Approvals (spec 2 §3–§7, issue 11): requestApproval holds the travel and asks its approvers (and,
 * for a trip to a high-risk country, the safety service); the approvers answer from their inbox or
 * from the e-mail; the requester may cancel or remind. The rules are domain/approvals.ts.
 *
 * Exactly one answer wins: an answer locks the travel, then the request (SELECT … FOR UPDATE), checks
 * the request is still open and writes it on its version, all in one transaction; a concurrent answer
 * waits for the lock, finds the request answered and is refused (409, api_code 67, with the request
 * as it is now). An approval that completes its round enqueues the booking job in that same
 * transaction, then books at once through the booking path of a direct confirm (bookHeld); when the
 * process dies in between, the job books it (the supplier answers the same references with the same
 * PNRs, the travel's version guards the write: it is booked once), or, when booking is no longer
 * possible, marks the round failed and tells the requester and the approvers.
 */

type Ctx = RequestContext & { user: UserRow };

export const backupKey = (approvalId: string) => `approval-backup:${approvalId}`;
export const bookApprovedKey = (travelId: string) => `book-approved:${travelId}`;
export const releaseKey = (travelId: string) => `release-holds:${travelId}`;
/** The booking job waits this long behind the inline booking it stands in for (it books only if that one died). */
export const BOOKING_RECOVERY_MS = 5_000;
/** A booking the supplier keeps refusing for this many attempts fails the round. */
const BOOKING_ATTEMPTS = 6;
/** A reminder e-mail at most once an hour (counting the request itself). */
export const REMIND_EVERY_MS = 3_600_000;

const viewerOf = (user: Pick<UserRow, 'id' | 'companyId' | 'perms' | 'flags'>): Viewer => ({ id: user.id, companyId: user.companyId, perms: user.perms, flags: user.flags });
const chainPerson = (p: { id: string; firstname: string; lastname: string; email: string }): ChainPerson => ({ id: p.id, firstname: p.firstname, lastname: p.lastname, email: p.email });

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

/** Everything the presenter needs of some requests, in a few queries. */
type View = Omit<ApprovalView, 'people'> & { people: Map<string, PersonRow> };

/** `withNext: false` skips the company's chain (whether escalation is still possible) when nothing reads it. */
async function viewsOf(db: Services['db'], rows: ApprovalRow[], withNext = true): Promise<Map<string, View>> {
  const travels = await repo.travelsByIds(db, rows.map((r) => r.travelId));
  const recipients = await repo.recipientsOf(db, rows.map((r) => r.id));
  const people = await repo.people(db, [...rows.map((r) => r.requesterId), ...recipients.map((r) => r.userId)]);
  const approversByCompany = new Map<string, Awaited<ReturnType<typeof companyApprovers>>>();
  for (const companyId of new Set(rows.filter((r) => withNext && r.kind === 'regular' && isOpen(r.status) && r.companyId).map((r) => r.companyId!)))
    approversByCompany.set(companyId, await companyApprovers(db, companyId));
  const views = new Map<string, View>();
  for (const request of rows) {
    const rec = travels.get(request.travelId);
    if (!rec) continue;
    const mine = recipients.filter((r) => r.approvalId === request.id);
    const chain = request.companyId ? (approversByCompany.get(request.companyId) ?? []) : [];
    const next = nextApprovers(chain, involvedIn(rec.travel, rec.products), mine);
    views.set(request.id, { request, travel: rec.travel, products: rec.products, recipients: mine, people, next });
  }
  return views;
}

async function viewOf(db: Services['db'], row: ApprovalRow, withNext = true): Promise<View> {
  return (await viewsOf(db, [row], withNext)).get(row.id) ?? fail('NOT_FOUND');
}

/** The inbox of spec 2 §7 `GET /approvals/` (regular) and `/approvals/safety`: 403 without the permission. */
export async function list(ctx: Ctx, kind: ApprovalKind, query: ApprovalQuery): Promise<Approval[]> {
  const { db, clock } = ctx.services;
  const access = approvalAccess(viewerOf(ctx.user));
  if (!ctx.user.companyId) fail('USER_HAS_NO_COMPANY');
  if (!(kind === 'regular' ? access.regular : access.safety)) fail('NO_PERMISSION');
  const now = clock.now();
  const rows = await repo.listFor(db, ctx.user.id, kind, query, now);
  const views = await viewsOf(db, rows);
  return rows.flatMap((row) => {
    const view = views.get(row.id);
    return view ? [presentApproval(view, viewerOf(ctx.user), ctx.lang, now)] : [];
  });
}

/** One request the caller sees (the e-mail's deep link): someone else's, or unknown, is not found. */
export async function one(ctx: Ctx, approvalId: string): Promise<Approval> {
  const { db, clock } = ctx.services;
  const row = await repo.approvalById(db, approvalId);
  const view = row ? await viewOf(db, row) : undefined;
  const now = clock.now();
  const mine = view?.recipients.find((r) => r.userId === ctx.user.id);
  if (!view || !mine || mine.visibleFrom > now) return fail('NOT_FOUND');
  return presentApproval(view, viewerOf(ctx.user), ctx.lang, now);
}

/** The menu badge: requests awaiting the caller's answer now. */
export async function counts(ctx: Ctx): Promise<ApprovalCounts> {
  const access = approvalAccess(viewerOf(ctx.user));
  if (!ctx.user.companyId) fail('USER_HAS_NO_COMPANY');
  if (!access.regular && !access.safety) fail('NO_PERMISSION');
  const n = await repo.countsFor(ctx.services.db, ctx.user.id, ctx.services.clock.now());
  return { pending: access.regular ? n.regular : 0, safetyPending: access.safety ? n.safety : 0 };
}

// ── Asking ──────────────────────────────────────────────────────────────────────────────────────

/** A trip with a section arriving in a high-risk country, or a stay or a rental there (supplier/data/high-risk-countries.json). */
export const isRiskyTravel = (products: Pick<ProductRow, 'data'>[]) => products.some((p) => countriesOf(p.data).some((c) => HIGH_RISK_COUNTRIES.has(c)));

type Asked = { approvalId: string; person: PersonRow; approve: string | null; deny: string };

/**
 * One-click tokens (approve, deny) for people asked to answer a request now; the approve one only
 * when they may approve. Stored hashed, single-use, valid until the request's time limit.
 */
async function tokensFor(tx: Services['db'], view: ApprovalView, persons: PersonRow[], now: Date): Promise<Asked[]> {
  const involved = involvedIn(view.travel, view.products);
  const asked = persons.map((person) => {
    const recipient = view.recipients.find((r) => r.userId === person.id);
    const approve = answerRefusal('approve', { request: view.request, recipient: recipient && { ...recipient, visibleFrom: now }, viewer: person, involved, hasNext: view.next.length > 0 }, now) === null;
    return { approvalId: view.request.id, person, approve: approve ? newToken() : null, deny: newToken() };
  });
  await repo.insertTokens(
    tx,
    asked.flatMap((a) =>
      [['approve', a.approve] as const, ['deny', a.deny] as const].flatMap(([action, token]) =>
        token ? [{ tokenHash: sha256(token), approvalId: a.approvalId, userId: a.person.id, action, expiresAt: view.request.timeLimit }] : [],
      ),
    ),
  );
  return asked;
}

async function mailCtx(services: Services, row: Pick<ApprovalRow, 'agencyId' | 'origin'>, origin?: string): Promise<MailCtx> {
  return { services, agencyId: row.agencyId, agencyName: await repo.agencyName(services.db, row.agencyId), origin: row.origin ?? origin ?? `http://localhost:${services.config.port}` };
}

/** E-mails each asked person the request, as they see it, in their language. */
async function mailAsked(services: Services, asked: Asked[], reason: AskReason) {
  const now = services.clock.now();
  for (const a of asked) {
    const row = await repo.approvalById(services.db, a.approvalId);
    if (!row) continue;
    const view = await viewOf(services.db, row);
    await mailApprover(await mailCtx(services, row), a.person, presentApproval(view, a.person, a.person.lang, now), { approve: a.approve, deny: a.deny }, reason);
  }
}

/**
 * Asks approval (spec 2 §4): the products are held while the approvers decide (the hold's time limit
 * is the request's), a request is recorded for the chosen approver (or every eligible approver of
 * the company), with the backup asked at half time, and one for the safety service when the trip goes
 * to a high-risk country; each is e-mailed.
 */
export async function requestApproval(ctx: Ctx, travelId: string, expected: number | null): Promise<Travel> {
  const { services, user } = ctx;
  const { db } = services;
  const rec = await travelWithLink(ctx, travelId, expected, 'requestApproval');
  const chosen = rec.travel.approvers;
  const involved = involvedIn(rec.travel, rec.products);
  const mains = chosen
    ? [...(await repo.people(db, [chosen.approverId])).values()]
    : rec.travel.companyId
      ? eligibleApprovers(await companyApprovers(db, rec.travel.companyId), rec.travel, rec.products)
      : [];
  if (mains.length === 0) fail('TICKET_WITHOUT_APPROVER');
  // The traveller's backup, else the one the travel manager gave a lone main approver (issue 15).
  const configured = mains.length === 1 && rec.travel.companyId ? await approverBackup(db, rec.travel.companyId, mains[0]!.id) : null;
  const backup =
    chosen?.emergencyApproverId && chosen.emergencyApproverId !== chosen.approverId
      ? chosen.emergencyApproverId
      : configured && configured !== mains[0]!.id && !involved.has(configured)
        ? configured
        : null;
  const risky = isRiskyTravel(rec.products);
  const safety = risky && rec.travel.companyId ? (await repo.safetyApprovers(db, rec.travel.companyId)).filter((s) => !involved.has(s.id)) : [];
  if (risky && safety.length === 0) fail('TICKET_WITHOUT_APPROVER');
  const people = await repo.people(db, [...mains.map((m) => m.id), ...(backup ? [backup] : []), ...safety.map((s) => s.id)]);

  const products = rec.products.filter((p) => p.status === 'cart');
  const held = await holdProducts(services, products);
  const now = services.clock.now();
  const limit = held.limit;
  const backupAt = backup ? new Date(now.getTime() + (limit.getTime() - now.getTime()) / 2) : null;
  const roundId = randomUUID();
  const step = (p: PersonRow, role: StoredChainStep['role'], at: Date): StoredChainStep => ({
    approver: chainPerson(p),
    role,
    askedAt: at.toISOString(),
    status: 'pending',
    by: null,
    answeredAt: null,
    message: null,
  });
  const common = {
    travelId,
    roundId,
    agencyId: ctx.agency.id,
    companyId: rec.travel.companyId,
    requesterId: user.id,
    message: chosen?.message ?? null,
    status: 'pending' as const,
    isRisky: risky,
    requestedAt: now,
    timeLimit: limit,
    paxSearch: paxSearchOf(products),
    startsAt: products.length ? new Date(Math.min(...products.map((p) => p.startsAt.getTime()))) : null,
    totalAmount: rec.products.reduce((sum, p) => sum + p.price, 0),
    origin: ctx.origin,
  };
  let asked: Asked[] = [];
  await services.db.transaction(async (tx) => {
    await updateTravel(tx, rec.travel, { status: 'pending_approval', confirmationTimeLimit: limit }, now);
    for (const [i, p] of products.entries()) await updateProduct(tx, p.id, { status: 'pending_approval', pnr: held.pnrs[i]!, confirmationTimeLimit: held.limits[i]! });
    const backupPerson = backup ? people.get(backup) : undefined;
    const rows = await repo.insertApprovals(tx, [
      {
        ...common,
        kind: 'regular',
        approverId: mains[0]!.id,
        backupApproverId: backupPerson?.id ?? null,
        backupAt: backupPerson ? backupAt : null,
        chain: [...mains.map((m) => step(people.get(m.id)!, 'main', now)), ...(backupPerson ? [step(backupPerson, 'backup', backupAt!)] : [])],
      },
      ...(risky ? [{ ...common, kind: 'safety' as const, approverId: null, chain: safety.map((s) => step(people.get(s.id)!, 'safety', now)) }] : []),
    ]);
    const [regular, safe] = rows as [ApprovalRow, ApprovalRow | undefined];
    await repo.putRecipients(tx, [
      ...mains.map((m) => ({ approvalId: regular.id, userId: m.id, role: 'main' as const, visibleFrom: now })),
      ...(backupPerson ? [{ approvalId: regular.id, userId: backupPerson.id, role: 'backup' as const, visibleFrom: backupAt! }] : []),
      ...(safe ? safety.map((s) => ({ approvalId: safe.id, userId: s.id, role: 'safety' as const, visibleFrom: now })) : []),
    ]);
    await enqueue(tx, { kind: 'expire-options', key: expiryKey(travelId), payload: { travelId }, runAt: limit });
    if (backupPerson) await enqueue(tx, { kind: 'approval-backup', key: backupKey(regular.id), payload: { approvalId: regular.id }, runAt: backupAt! });
    for (const row of rows) {
      const view = await viewOf(tx, row);
      const persons = view.recipients.filter((r) => r.visibleFrom <= now).map((r) => people.get(r.userId)!);
      asked = [...asked, ...(await tokensFor(tx, view, persons, now))];
    }
    await recordAnswer(tx, () => presentedTravel(ctx, travelId, tx));
  });
  // After the commit: an e-mail must not announce a request that was rolled back.
  await mailAsked(services, asked, { why: 'asked' });
  return presentedTravel(ctx, travelId);
}

// ── Answering ───────────────────────────────────────────────────────────────────────────────────

const REFUSALS: Record<Exclude<Refusal, 'closed' | 'hidden'>, Parameters<typeof fail>[0]> = {
  not_allowed: 'UNAUTHORIZED_TICKETS',
  own_trip: 'APPROVER_NOT_ALLOWED',
  no_escalation: 'TICKET_STATUS_FORBIDS',
};

type AnswerInput = { message?: string | null; reason?: string | null; approver?: string | null };
type Outcome = { row: ApprovalRow; round: ApprovalRow[]; roundComplete: boolean; released: ProductRow[]; escalatedTo: PersonRow | null; asked: Asked[] };

/**
 * Gives `actor`'s answer to a request, once: see the file's header. `beforeWrite` runs in the
 * transaction once the answer is allowed (a one-click token is spent there); `shown` is what the
 * caller gets of the request (the one-click page gets no links).
 */
async function answerRequest(
  services: Services,
  actor: Pick<UserRow, 'id' | 'companyId' | 'perms' | 'flags' | 'firstname' | 'lastname' | 'email'>,
  lang: Ctx['lang'],
  approvalId: string,
  answer: Answer,
  input: AnswerInput,
  opts: { beforeWrite?: (tx: Services['db']) => Promise<void>; shown?: (approval: Approval) => Approval } = {},
): Promise<Approval> {
  const { db, clock } = services;
  const viewer = viewerOf(actor);
  const { beforeWrite, shown = (approval: Approval) => approval } = opts;
  const outcome = await db.transaction(async (tx) => {
    const decided = await decide(tx);
    // The answer as of the commit (the booking that may follow is the job's, should this process die).
    await recordAnswer(tx, async () => shown(presentApproval(await viewOf(tx, decided.row), viewer, lang, clock.now())));
    return decided;
  });

  async function decide(tx: Services['db']): Promise<Outcome> {
    const now = clock.now();
    const row = await repo.lockForAnswer(tx, approvalId);
    if (!row) return fail('NOT_FOUND');
    const view = await viewOf(tx, row, answer === 'escalate');
    const recipient = view.recipients.find((r) => r.userId === actor.id);
    const involved = involvedIn(view.travel, view.products);
    const refusal = answerRefusal(answer, { request: row, recipient, viewer, involved, hasNext: view.next.length > 0 }, now);
    if (refusal === 'hidden') return fail('NOT_FOUND');
    if (refusal === 'closed') throw new ApiError(apiCode.TICKETS_NOT_AWAITING_APPROVAL, undefined, undefined, presentApproval(view, viewer, lang, now));
    if (refusal) return fail(REFUSALS[refusal]);
    await beforeWrite?.(tx);
    const me = chainPerson(actor);
    const role = recipient!.role === 'former' ? 'main' : recipient!.role;
    const base = { row, round: [row], roundComplete: false, released: [] as ProductRow[], escalatedTo: null as PersonRow | null, asked: [] as Asked[] };

    if (answer === 'approve') {
      const saved = await repo.updateApproval(tx, row, { status: 'accepted', answeredAt: now, answeredBy: actor.id, answerMessage: input.message ?? null, chain: answerChain(row.chain, me, 'accepted', input.message ?? null, now, role) });
      const round = (await repo.roundOf(tx, row.roundId)).map((r) => (r.id === saved.id ? saved : r));
      const roundComplete = round.every((r) => r.status === 'accepted');
      if (roundComplete) await enqueue(tx, { kind: 'book-approved', key: bookApprovedKey(row.travelId), payload: { travelId: row.travelId }, runAt: new Date(now.getTime() + BOOKING_RECOVERY_MS) });
      return { ...base, row: saved, round, roundComplete };
    }

    if (answer === 'deny') {
      const reason = input.reason ?? '';
      const saved = await repo.updateApproval(tx, row, { status: 'denied', answeredAt: now, answeredBy: actor.id, answerMessage: reason, chain: answerChain(row.chain, me, 'denied', reason, now, role) });
      for (const other of await repo.roundOf(tx, row.roundId))
        if (other.id !== row.id && (isOpen(other.status) || other.status === 'accepted'))
          await repo.updateApproval(tx, other, { status: 'cancelled', chain: closeChain(other.chain, 'cancelled', now) });
      const rec = (await travelById(tx, row.travelId))!;
      const held = rec.products.filter((p) => p.status === 'pending_approval');
      await updateTravel(tx, rec.travel, { status: 'denied', confirmationTimeLimit: null }, now);
      for (const p of held) await updateProduct(tx, p.id, { status: 'released', confirmationTimeLimit: null });
      await enqueueRelease(tx, row.travelId, held, now);
      return { ...base, row: saved, released: held };
    }

    // Escalation: to the approver named, or the next one in the company's chain.
    const chainOf = await companyApprovers(tx, row.companyId!);
    const candidates = nextApprovers(chainOf, involved, view.recipients);
    const target = input.approver ? candidates.find((c) => c.id === input.approver) : candidates[0];
    if (!target) return fail('APPROVER_NOT_ALLOWED', { approver: 'SELECT_VALID_VALUE' });
    const targetPerson = (await repo.people(tx, [target.id])).get(target.id)!;
    const escalated = answerChain(row.chain, me, 'escalated', input.message ?? null, now, role).filter((s) => !(s.approver.id === target.id && s.status === 'pending'));
    const saved = await repo.updateApproval(tx, row, {
      status: 'escalated',
      approverId: target.id,
      message: input.message ?? row.message,
      chain: [...escalated, { approver: chainPerson(targetPerson), role: 'main', askedAt: now.toISOString(), status: 'pending', by: null, answeredAt: null, message: null }],
    });
    // Passed on: everyone who held it sees it still, only the new approver answers it.
    await repo.putRecipients(tx, [
      ...view.recipients.filter((r) => r.userId !== target.id).map((r) => ({ approvalId: row.id, userId: r.userId, role: 'former' as const, visibleFrom: r.visibleFrom < now ? r.visibleFrom : now })),
      { approvalId: row.id, userId: target.id, role: 'main', visibleFrom: now },
    ]);
    const asked = await tokensFor(tx, await viewOf(tx, saved), [targetPerson], now);
    return { ...base, row: saved, escalatedTo: targetPerson, asked };
  }

  // After the commit: the supplier, then the e-mails, from one read of the request.
  const { row } = outcome;
  const by = personName(actor);
  let view: View | undefined;
  if (answer === 'approve' && outcome.roundComplete) {
    const settled = await settleApproved(services, row.travelId, { final: false, round: outcome.round }).catch(() => undefined);
    view = settled?.views?.get(row.id);
  } else if (answer === 'deny') await releaseNow(services, row.travelId, outcome.released);
  else if (answer === 'escalate') await mailAsked(services, outcome.asked, { why: 'escalated', by });
  view ??= await viewOf(db, row);
  const requester = view.people.get(row.requesterId);
  const news: RequesterNews | null =
    answer === 'deny'
      ? { event: 'denied', by, reason: input.reason ?? '' }
      : answer === 'escalate'
        ? { event: 'escalated', by, to: personName(outcome.escalatedTo!), message: input.message ?? null }
        : outcome.roundComplete
          ? null // the booking tells the requester (now, or the job)
          : { event: 'waiting', by, message: input.message ?? null };
  if (news && requester) await mailRequester(await mailCtx(services, row), requester, presentApproval(view, requester, requester.lang, clock.now()), news);
  return shown(presentApproval(view, viewer, lang, clock.now()));
}

export const approve = (ctx: Ctx, approvalId: string, message: string | null) => answerRequest(ctx.services, ctx.user, ctx.lang, approvalId, 'approve', { message });
export const deny = (ctx: Ctx, approvalId: string, reason: string) => answerRequest(ctx.services, ctx.user, ctx.lang, approvalId, 'deny', { reason });
export const escalate = (ctx: Ctx, approvalId: string, body: { approver?: string | null; message?: string | null }) =>
  answerRequest(ctx.services, ctx.user, ctx.lang, approvalId, 'escalate', { approver: body.approver?.trim() || null, message: body.message ?? null });

// ── Holds given back ────────────────────────────────────────────────────────────────────────────

/** The holds to give back, as a durable job (its payload keeps their PNRs: the products may lose them). */
async function enqueueRelease(tx: Services['db'], travelId: string, products: ProductRow[], now: Date) {
  const held = products.filter((p) => p.pnr).map((p) => ({ id: p.id, pnr: p.pnr! }));
  if (held.length) await enqueue(tx, { kind: 'release-holds', key: releaseKey(travelId), payload: { travelId, products: held }, runAt: new Date(now.getTime() + BOOKING_RECOVERY_MS) });
}

/** Gives the holds back now; when the supplier fails, the job does it later. */
async function releaseNow(services: Services, travelId: string, products: ProductRow[]) {
  if (products.length === 0) return;
  try {
    await releaseAtSupplier(services, products);
    await settleJob(services.db, releaseKey(travelId), services.clock.now());
  } catch {
    // release-holds retries.
  }
}

// ── Booking once approved ───────────────────────────────────────────────────────────────────────

/**
 * Books a travel whose round of requests all said yes (inline after the last approval, or by the
 * book-approved job after a crash). Safe to run twice: it books only a travel still pending approval,
 * and the booking's write is version-guarded. A booking the supplier refuses for good (or still
 * fails on the last attempt) fails the round: the travel goes back to the cart.
 */
export async function settleApproved(
  services: Services,
  travelId: string,
  opts: { final: boolean; round?: ApprovalRow[] },
): Promise<{ result: 'booked' | 'failed' | 'noop'; views?: Map<string, View> }> {
  const { db, clock } = services;
  // The requester owns the travel: read as theirs, it is one query less.
  const rec = opts.round?.[0] ? (await loadTravels(db, opts.round[0].requesterId, { id: travelId, statuses: ['pending_approval'] }))[0] : await travelById(db, travelId);
  const round = rec ? (opts.round ?? (await repo.latestRound(db, travelId))) : [];
  if (!rec || rec.travel.status !== 'pending_approval' || round.length === 0 || !round.every((r) => r.status === 'accepted')) return { result: 'noop' };
  try {
    await bookHeld(services, rec, rec.products.filter((p) => p.status === 'pending_approval'));
  } catch (err) {
    if (err instanceof ApiError && err.code === apiCode.VERSION_CONFLICT) return { result: 'noop' }; // a twin run wrote first
    const transient = err instanceof SupplierError && (err.kind === 'timeout' || err.kind === 'unavailable');
    if (transient && !opts.final && clock.now() < round[0]!.timeLimit) throw err;
    await failRound(services, rec, round);
    return { result: 'failed' };
  }
  await settleJob(db, bookApprovedKey(travelId), clock.now());
  const views = await viewsOf(db, round);
  const regular = views.get(round[0]!.id);
  const requester = regular?.people.get(round[0]!.requesterId);
  const last = round.reduce((a, b) => ((b.answeredAt?.getTime() ?? 0) > (a.answeredAt?.getTime() ?? 0) ? b : a));
  const by = last.answeredBy ? regular?.people.get(last.answeredBy) : undefined;
  if (regular && requester)
    await mailRequester(await mailCtx(services, round[0]!), requester, presentApproval(regular, requester, requester.lang, clock.now()), {
      event: 'booked',
      by: by ? personName(by) : '',
      message: last.answerMessage,
    });
  return { result: 'booked', views };
}

/** Marks an approved round failed, puts the travel back in the cart (re-priced), releases its holds, tells everyone, and puts it in the agency's work queue. */
async function failRound(services: Services, rec: TravelRecord, round: ApprovalRow[]) {
  const { db, clock } = services;
  const held = rec.products.filter((p) => p.status === 'pending_approval');
  const prices = await repriced(services, rec, held);
  const done = await db.transaction(async (tx) => {
    const now = clock.now();
    const travel = await travelById(tx, rec.travel.id);
    if (!travel || travel.travel.status !== 'pending_approval') return false;
    for (const r of await repo.roundOf(tx, round[0]!.roundId)) await repo.updateApproval(tx, r, { status: 'failed' });
    await backToCart(tx, travel, held, prices, now);
    await repo.queueFailedBooking(tx, { agencyId: travel.travel.agencyId, travelId: travel.travel.id, productIds: held.map((p) => p.id), requesterId: round[0]!.requesterId, createdAt: now });
    return true;
  });
  if (!done) return;
  await releaseNow(services, rec.travel.id, held);
  const people = await repo.people(db, [round[0]!.requesterId, ...round.flatMap((r) => (r.answeredBy ? [r.answeredBy] : []))]);
  const now = clock.now();
  for (const r of round) {
    const view = await viewOf(db, (await repo.approvalById(db, r.id))!);
    const ctx = await mailCtx(services, r);
    const approver = r.answeredBy ? people.get(r.answeredBy) : undefined;
    if (approver) await mailApproverFailed(ctx, approver, presentApproval(view, approver, approver.lang, now));
    const requester = people.get(r.requesterId);
    if (requester && r.kind === 'regular') await mailRequester(ctx, requester, presentApproval(view, requester, requester.lang, now), { event: 'failed' });
  }
}

/** The travel back in the cart: each held product at the supplier's price now, or released when it no longer sells it. */
async function backToCart(tx: Services['db'], rec: TravelRecord, held: ProductRow[], prices: Map<string, number | null>, now: Date) {
  await updateTravel(tx, rec.travel, { status: 'cart', confirmationTimeLimit: null }, now);
  for (const p of held) {
    const price = prices.get(p.id);
    await updateProduct(tx, p.id, price === null || price === undefined ? { status: 'released', pnr: null, confirmationTimeLimit: null } : { status: 'cart', pnr: null, confirmationTimeLimit: null, price });
  }
  await enqueueRelease(tx, rec.travel.id, held, now);
}

/** The book-approved job: books, or retries later (its backoff), or fails the round on its last attempt. */
export async function bookApprovedJob(services: Services, travelId: string, attempts: number): Promise<void> {
  await settleApproved(services, travelId, { final: attempts >= BOOKING_ATTEMPTS });
}

// ── The requester's side ────────────────────────────────────────────────────────────────────────

/** A request of the caller's own (as requester): someone else's is not found. */
async function ownRequest(ctx: Ctx, approvalId: string) {
  const row = await repo.approvalById(ctx.services.db, approvalId);
  if (!row || row.requesterId !== ctx.user.id) return fail('NOT_FOUND');
  return row;
}

const closedRound = async (ctx: Ctx, row: ApprovalRow): Promise<never> => {
  const view = await viewOf(ctx.services.db, (await repo.approvalById(ctx.services.db, row.id))!);
  throw new ApiError(apiCode.TICKETS_NOT_AWAITING_APPROVAL, undefined, undefined, presentApproval(view, viewerOf(ctx.user), ctx.lang, ctx.services.clock.now()));
};

/**
 * The requester takes the request back (`PATCH /approvals/{id}/cancel`): every request of its round
 * ends cancelled, the travel goes back to the cart with its products re-priced or released as the
 * supplier says, and the holds are given back.
 */
export async function cancel(ctx: Ctx, approvalId: string): Promise<Travel> {
  const { services } = ctx;
  const { db, clock } = services;
  const row = await ownRequest(ctx, approvalId);
  const rec = await travelById(db, row.travelId);
  const round = await repo.roundOf(db, row.roundId);
  if (!rec || rec.travel.status !== 'pending_approval' || !round.some((r) => isOpen(r.status))) return closedRound(ctx, row);
  const held = rec.products.filter((p) => p.status === 'pending_approval');
  const prices = await repriced(services, rec, held);
  const done = await db.transaction(async (tx) => {
    const now = clock.now();
    const locked = await repo.lockForAnswer(tx, row.id);
    const current = await repo.roundOf(tx, row.roundId);
    const travel = await travelById(tx, row.travelId);
    if (!locked || !travel || travel.travel.status !== 'pending_approval' || !current.some((r) => isOpen(r.status))) return false;
    for (const r of current) if (r.status !== 'denied') await repo.updateApproval(tx, r, { status: 'cancelled', chain: closeChain(r.chain, 'cancelled', now) });
    await backToCart(tx, travel, held, prices, now);
    await recordAnswer(tx, () => presentedTravel(ctx, row.travelId, tx));
    return true;
  });
  if (!done) return closedRound(ctx, row);
  await releaseNow(services, row.travelId, held);
  return presentedTravel(ctx, row.travelId);
}

const REMINDED = 'approver reminded';

/** Re-sends the approvers' e-mail (the `remind` link), at most once an hour (429, api_code 104). */
export async function remind(ctx: Ctx, approvalId: string): Promise<{ message: string }> {
  const { services } = ctx;
  const { db, clock } = services;
  const row = await ownRequest(ctx, approvalId);
  const round = await repo.roundOf(db, row.roundId);
  const open = round.filter((r) => isOpen(r.status));
  if (open.length === 0) return closedRound(ctx, row);
  const now = clock.now();
  const last = Math.max(row.requestedAt.getTime(), row.remindedAt?.getTime() ?? 0);
  if (now.getTime() - last < REMIND_EVERY_MS) fail('TOO_MANY_ATTEMPTS', undefined, ctx.lang === 'fr' ? 'L’approbateur a déjà été relancé il y a moins d’une heure.' : 'The approver was already reminded less than an hour ago.');
  const asked = await db.transaction(async (tx) => {
    // On the version read: of two reminders at once, one e-mails.
    await repo.updateApproval(tx, row, { remindedAt: now }).catch(() => fail('TOO_MANY_ATTEMPTS'));
    const all: Asked[] = [];
    for (const r of open) {
      const view = await viewOf(tx, r);
      const answering = view.recipients.filter((x) => x.role !== 'former' && x.visibleFrom <= now);
      const people = await repo.people(tx, answering.map((x) => x.userId));
      all.push(...(await tokensFor(tx, view, [...people.values()], now)));
    }
    await recordAnswer(tx, () => ({ message: REMINDED }));
    return all;
  });
  await mailAsked(services, asked, { why: 'reminder' });
  return { message: REMINDED };
}

// ── Timers ──────────────────────────────────────────────────────────────────────────────────────

/** Half of the allowed time without an answer: the backup approver gets the request, and an e-mail. */
export async function askBackup(services: Services, approvalId: string): Promise<void> {
  const { db, clock } = services;
  const row = await repo.approvalById(db, approvalId);
  if (!row || !isOpen(row.status) || !row.backupApproverId) return;
  const now = clock.now();
  const asked = await db.transaction(async (tx) => {
    const view = await viewOf(tx, row);
    const backup = view.recipients.find((r) => r.userId === row.backupApproverId && r.role === 'backup');
    if (!backup) return []; // escalated meanwhile
    const person = (await repo.people(tx, [backup.userId])).get(backup.userId)!;
    return tokensFor(tx, view, [person], now);
  });
  const main = row.approverId ? (await repo.people(db, [row.approverId])).get(row.approverId) : undefined;
  await mailAsked(services, asked, { why: 'backup', main: main ? personName(main) : '' });
}

/** Whether the travel's round all said yes (its booking is on its way: expiry leaves it to the booking job). */
export async function roundApproved(db: Services['db'], travelId: string): Promise<boolean> {
  const round = await repo.latestRound(db, travelId);
  return round.length > 0 && round.every((r) => r.status === 'accepted');
}

/** In the expiry's transaction: the round's open requests expire, and their chain says so. */
export async function expireRound(tx: Services['db'], travelId: string, now: Date): Promise<ApprovalRow[]> {
  const expired: ApprovalRow[] = [];
  for (const r of await repo.latestRound(tx, travelId))
    if (isOpen(r.status)) expired.push(await repo.updateApproval(tx, r, { status: 'expired', answeredAt: now, chain: closeChain(r.chain, 'expired', now) }));
  return expired;
}

/** Tells the requester their request expired. */
export async function mailExpired(services: Services, rows: ApprovalRow[]) {
  const row = rows.find((r) => r.kind === 'regular') ?? rows[0];
  if (!row) return;
  const requester = (await repo.people(services.db, [row.requesterId])).get(row.requesterId);
  if (!requester) return;
  const view = await viewOf(services.db, (await repo.approvalById(services.db, row.id))!);
  await mailRequester(await mailCtx(services, row), requester, presentApproval(view, requester, requester.lang, services.clock.now()), { event: 'expired' });
}

/** The release-holds job: gives the recorded PNRs back (the products may have lost theirs). */
export async function releaseJob(services: Services, payload: { travelId: string; products: { id: string; pnr: string }[] }): Promise<void> {
  const rec = await travelById(services.db, payload.travelId);
  if (!rec) return;
  const products = payload.products.flatMap((h) => {
    const p = rec.products.find((x) => x.id === h.id);
    return p ? [{ ...p, pnr: h.pnr }] : [];
  });
  await releaseAtSupplier(services, products);
}

// ── One-click answers from the e-mail ───────────────────────────────────────────────────────────

/** The token's grant: one answer to one request of this agency, by the approver it was sent to. */
async function grantOf(services: Services, agencyId: string, token: string) {
  const { db, clock } = services;
  const row = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await repo.tokenByHash(db, sha256(token)) : undefined;
  const request = row ? await repo.approvalById(db, row.approvalId) : undefined;
  if (!row || !request || request.agencyId !== agencyId) return fail('TOKEN_INVALID');
  if (row.usedAt) return fail('TOKEN_USED');
  if (row.expiresAt <= clock.now()) return fail('TOKEN_EXPIRED');
  const actor = (await repo.people(db, [row.userId])).get(row.userId);
  if (!actor) return fail('TOKEN_INVALID');
  return { token: row, request, actor };
}

/** What an e-mailed link grants (`GET /approval/one-click/{token}`): the request as its approver sees it, and the answer link while it is open. */
export async function readOneClick(ctx: RequestContext, token: string): Promise<OneClick> {
  const { services } = ctx;
  const { token: grant, request, actor } = await grantOf(services, ctx.agency.id, token);
  const now = services.clock.now();
  const approval = presentApproval(await viewOf(services.db, request), actor, ctx.lang, now);
  const answerable = grant.action === 'approve' ? approval.links.approve : approval.links.deny;
  return {
    action: grant.action,
    // Only the answer the link grants: the inbox's links need a session.
    approval: { ...approval, links: {} },
    links: answerable ? { answerOneClick: linkTo('answerOneClick', { token }) } : {},
  };
}

/** Who a one-click token answers as (for its Idempotency-Key). */
export async function oneClickUser(ctx: RequestContext, token: string): Promise<string> {
  return (await grantOf(ctx.services, ctx.agency.id, token)).actor.id;
}

/** The one-click answer (`POST /approval/one-click/{token}`): deny needs the reason; the token is spent with the answer. */
export async function answerOneClick(ctx: RequestContext, token: string, body: { message?: string | null; reason?: string | null }): Promise<Approval> {
  const { services } = ctx;
  const { token: grant, actor } = await grantOf(services, ctx.agency.id, token);
  const reason = body.reason?.trim() ?? '';
  if (grant.action === 'deny' && !reason) fail('REQUEST_FORMAT_INVALID', { reason: 'FIELD_REQUIRED' });
  return answerRequest(services, actor, ctx.lang, grant.approvalId, grant.action, grant.action === 'deny' ? { reason } : { message: body.message ?? null }, {
    beforeWrite: async (tx) => {
      if (!(await repo.spendToken(tx, grant, services.clock.now()))) fail('TOKEN_USED');
    },
    shown: (approval) => ({ ...approval, links: {} }),
  });
}

export type { ApprovalRow };
