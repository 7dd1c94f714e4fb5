import { randomUUID } from 'node:crypto';
import type { Lang } from '@contract/account';
import { apiCode } from '@contract/api-codes';
import {
  CAR_TYPES,
  FLIGHT_CABINS,
  PEOPLE_LIMIT,
  type AnalyticField,
  type CompanyAdmin,
  type CompanyPeople,
  type CompanyPerson,
  type TravelPolicyView,
} from '@contract/company-admin';
import { linkTo, type RelBody } from '@contract/rels';
import { analyticRuleOf, patternProblems, travelPolicyOf, type AnalyticRule, type TravelPolicyRules } from '@server/domain/company';
import { isAgencyAdmin } from '@contract/permissions';
import { recordAudit } from '@server/db/audit';
import { userByEmail, userByUsername } from '@server/db/users';
import { deactivateAccount, reactivateAccount } from '@server/db/user-status';
import { ApiError, fail } from '@server/platform/errors';
import { recordAnswer } from '@server/platform/idempotency';
import type { UserContext as Ctx } from '@server/platform/request-context';
import { cities } from '@server/reference/places';
import { invitePerson, queueInvitation, type Inviter } from '@server/invitations/invitations';
import * as repo from './repository';

/**
 * The travel manager's company: a user with the permission account_creation manages the
 * people, entities, analytics fields, approvers and travel policy of their own company — another
 * company's ids are unknown (404), and without the permission the answer is 403. Every change is
 * one transaction and is read by the next search, cart or checkout (nothing keeps the rules in
 * memory: db/companies.ts reads them per call).
 */

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The agency's administrator sets up the rules of every client company of the agency (features/agency-admin). */
const setsUpRules = (ctx: Ctx) => ctx.user.companyId === null && isAgencyAdmin(ctx.user.perms);

/**
 * The caller's own company if they manage it: another company (or a malformed id) is unknown, the
 * permission missing is 403. `rules`: the company's entities, checkout rules and travel policy, which
 * the agency's administrator manages too for any company of the agency (its people stay the manager's).
 */
async function managed(ctx: Ctx, companyId: string, { rules = false } = {}): Promise<repo.CompanyRow> {
  if (!isUuid(companyId)) return fail('COMPANY_NOT_FOUND');
  if (!(rules && setsUpRules(ctx))) {
    if (ctx.user.companyId !== companyId) return fail('COMPANY_NOT_FOUND');
    if (!ctx.user.perms.includes('account_creation')) return fail('NO_PERMISSION');
  }
  return (await repo.companyById(ctx.services.db, ctx.agency.id, companyId)) ?? fail('COMPANY_NOT_FOUND');
}

// ── Presenting ────────────────────────────────────────────────────────────────────────────────────

const statusOf = (user: repo.UserRow): CompanyPerson['status'] => (user.status === 'invited' ? 'invited' : user.status === 'inactive' ? 'inactive' : 'active');

function employee(ctx: Ctx, user: repo.UserRow): CompanyPerson {
  const p = { companyID: user.companyId!, userID: user.id };
  const status = statusOf(user);
  const self = user.id === ctx.user.id;
  return {
    uid: user.id,
    kind: 'employee',
    gender: user.gender,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    username: user.username,
    status,
    approver: user.perms.includes('approval'),
    travelManager: user.perms.includes('account_creation'),
    links: {
      ...(status === 'invited' ? { resendInvitation: linkTo('resendInvitation', p) } : {}),
      ...(status !== 'inactive' && !self ? { deactivateUser: linkTo('deactivateUser', p) } : {}),
      ...(status === 'inactive' ? { reactivateUser: linkTo('reactivateUser', p) } : {}),
    },
  };
}

function guest(guestRow: repo.GuestRow): CompanyPerson {
  const p = { companyID: guestRow.companyId!, guestID: guestRow.id };
  const active = guestRow.deactivatedAt === null;
  return {
    uid: guestRow.id,
    kind: 'guest',
    gender: guestRow.gender,
    firstname: guestRow.firstname,
    lastname: guestRow.lastname,
    email: guestRow.email,
    username: null,
    status: active ? 'active' : 'inactive',
    approver: false,
    travelManager: false,
    links: active ? { deactivateGuest: linkTo('deactivateGuest', p) } : { reactivateGuest: linkTo('reactivateGuest', p) },
  };
}

const isCabin = (c: string): c is (typeof FLIGHT_CABINS)[number] => (FLIGHT_CABINS as readonly string[]).includes(c);
const isCarType = (c: string): c is (typeof CAR_TYPES)[number] => (CAR_TYPES as readonly string[]).includes(c);
const cityName = (id: string, lang: Lang) => cities.get(id)?.name[lang] ?? id;

/** The hotel caps as city classes: the cities of one cap together, the dearest class first. */
function policyView(policy: TravelPolicyRules | null, lang: Lang): TravelPolicyView['policy'] {
  if (!policy) return null;
  const byCap = new Map<number, string[]>();
  for (const [city, cap] of Object.entries(policy.hotel.maxNightlyByCity)) byCap.set(cap, [...(byCap.get(cap) ?? []), city]);
  const classes = [...byCap]
    .sort(([a], [b]) => b - a)
    .map(([maxNightly, ids]) => ({
      maxNightly,
      cities: ids.map((id) => ({ id: `city:${id}`, name: cityName(id, lang) })).sort((a, b) => a.name.localeCompare(b.name, lang)),
    }));
  return {
    rail: {
      firstClassFromMinutes: policy.rail.firstClassFromMinutes,
      maxPriceByDistance: policy.rail.maxPriceByDistance.map((b) => ({ upToKm: b.upToKm, maxPrice: b.maxPrice })),
    },
    flight: { onlyAboveRailMinutes: policy.flight.onlyAboveRailMinutes, cabins: policy.flight.cabins.filter(isCabin) },
    hotel: { maxNightly: policy.hotel.maxNightly, classes },
    car: policy.car ? { categories: policy.car.categories.filter(isCarType), maxDaily: policy.car.maxDaily } : null,
  };
}

const fieldView = (rule: AnalyticRule): AnalyticField => ({
  name: rule.name,
  label: rule.label,
  level: rule.level,
  required: rule.required,
  values: rule.values ?? [],
  valueCodes: rule.valueCodes ?? [],
  regex: rule.regex ?? null,
  regexDesc: rule.regex ? (rule.regexDesc ?? { fr: '', en: '' }) : null,
});

async function present(ctx: Ctx, companyId: string): Promise<CompanyAdmin> {
  const { db } = ctx.services;
  const company = (await repo.companyById(db, ctx.agency.id, companyId)) ?? fail('COMPANY_NOT_FOUND');
  const [entityRows, approvers, candidates] = await Promise.all([
    repo.entitiesWithUse(db, companyId),
    repo.approversOf(db, companyId),
    repo.activeEmployees(db, companyId),
  ]);
  const rules = company.checkoutRules;
  const approverIds = new Set(approvers.map((a) => a.id));
  const p = { companyID: companyId };
  return {
    company: { uid: company.id, name: company.name },
    entities: entityRows.map((e) => ({ uid: e.id, name: e.name, travels: Number(e.travels) })),
    analytics: rules.analytics.map(fieldView),
    approvals: {
      mode: rules.approval,
      chooseApprover: rules.chooseApprover,
      approvers: approvers.map((a) => ({
        uid: a.id,
        firstname: a.firstname,
        lastname: a.lastname,
        email: a.email,
        backup: a.backupApproverId && approverIds.has(a.backupApproverId) ? a.backupApproverId : null,
      })),
      candidates: candidates.map((c) => ({ uid: c.id, firstname: c.firstname, lastname: c.lastname, email: c.email })),
    },
    travelPolicy: { policy: policyView(rules.policy, ctx.lang), text: company.travelPolicy },
    links: {
      // Its people are its travel manager's; the agency's administrator sets up the rules only.
      ...(ctx.user.companyId === companyId
        ? { companyPeople: linkTo('companyPeople', p), inviteEmployee: linkTo('inviteEmployee', p), createCompanyGuest: linkTo('createCompanyGuest', p) }
        : {}),
      updateEntities: linkTo('updateEntities', p),
      updateAnalytics: linkTo('updateAnalytics', p),
      updateApprovers: linkTo('updateApprovers', p),
      updateTravelPolicy: linkTo('updateTravelPolicy', p),
    },
  };
}

/** The entry point `GET /companies/{id}/admin`. */
export async function admin(ctx: Ctx, companyId: string): Promise<CompanyAdmin> {
  await managed(ctx, companyId, { rules: true });
  return present(ctx, companyId);
}

// ── People ────────────────────────────────────────────────────────────────────────────────────────

/** Employees then guests, each by name; `more` when either kind had more than the page. */
export async function listPeople(ctx: Ctx, companyId: string, query: { query: string; kind: 'all' | 'employee' | 'guest' }): Promise<CompanyPeople> {
  await managed(ctx, companyId);
  const found = await repo.people(ctx.services.db, companyId, query.query, query.kind, PEOPLE_LIMIT);
  return {
    people: [...found.employees.slice(0, PEOPLE_LIMIT).map((u) => employee(ctx, u)), ...found.guests.slice(0, PEOPLE_LIMIT).map(guest)],
    more: found.employees.length > PEOPLE_LIMIT || found.guests.length > PEOPLE_LIMIT,
  };
}

/** The manager as the inviter of their company's people. */
const inviterOf = (ctx: Ctx): Inviter => ({ agency: ctx.agency, origin: ctx.origin, name: `${ctx.user.firstname} ${ctx.user.lastname}` });

/**
 * Invites an employee: an `invited` account of the company (no password yet) and an e-mail with the
 * link where they choose one (invitations/). Again while still invited: a fresh link, nothing else.
 */
export async function invite(ctx: Ctx, companyId: string, input: RelBody<'inviteEmployee'>): Promise<CompanyPerson> {
  const company = await managed(ctx, companyId);
  const perms = [...(input.approver ? ['approval'] : []), ...(input.travelManager ? ['account_creation'] : [])];
  const invitee = {
    companyId,
    email: input.email,
    username: input.username,
    gender: input.gender,
    firstname: input.firstname,
    lastname: input.lastname,
    perms,
    lang: input.lang,
  };
  try {
    const user = await invitePerson(ctx.services.db, ctx.services, inviterOf(ctx), company.name, invitee, (tx, user) =>
      recordAnswer(tx, () => employee(ctx, user)),
    );
    return employee(ctx, user);
  } catch (err) {
    if (!(err instanceof ApiError) || (err.code !== apiCode.EMAIL_IN_USE && err.code !== apiCode.USER_EXISTS)) throw err;
    // The agency's administrator sees every account of the agency: told as it is.
    if (setsUpRules(ctx) || (await takenInCompany(ctx, companyId, input.email, invitee.username ?? input.email))) throw err;
    return undisclosedInvitation(companyId, input, perms);
  }
}

/** Whether the address or the username that refused an invitation is one of this company's accounts. */
async function takenInCompany(ctx: Ctx, companyId: string, email: string, username: string) {
  const { db } = ctx.services;
  const byEmail = await userByEmail(db, ctx.agency.id, email);
  if (byEmail) return byEmail.companyId === companyId;
  const byUsername = await userByUsername(db, ctx.agency.id, username);
  return byUsername?.companyId === companyId;
}

/**
 * The answer to an invitation whose address or username an account outside the manager's company
 * already has (another client company of the agency, its staff, a private traveller). A 409 (49, 52)
 * would tell any travel manager whether someone is a customer of the agency; here they get what a
 * new address gets: an invited employee. Nothing is created and nobody is e-mailed: the account's
 * owner is not told (a mail would relay the manager's name and company to someone who did not ask,
 * and an account cannot belong to two companies). The uid is random, so it says nothing either.
 * What remains observable: the person is missing from the company's people list afterwards and their
 * links answer 404 (as for an invitee removed meanwhile), a weaker and slower signal than a 409 at
 * once; closing it too would need invitations kept apart from accounts.
 * Duplicates inside the manager's own company keep their 409: the manager sees those people anyway.
 */
function undisclosedInvitation(companyId: string, input: RelBody<'inviteEmployee'>, perms: string[]): CompanyPerson {
  const uid = randomUUID();
  const p = { companyID: companyId, userID: uid };
  return {
    uid,
    kind: 'employee',
    gender: input.gender,
    firstname: input.firstname,
    lastname: input.lastname,
    email: input.email,
    username: input.username ?? input.email,
    status: 'invited',
    approver: perms.includes('approval'),
    travelManager: perms.includes('account_creation'),
    links: { resendInvitation: linkTo('resendInvitation', p), deactivateUser: linkTo('deactivateUser', p) },
  };
}

async function employeeOf(ctx: Ctx, companyId: string, userId: string) {
  await managed(ctx, companyId);
  const company = (await repo.companyById(ctx.services.db, ctx.agency.id, companyId))!;
  const user = isUuid(userId) ? await repo.employeeById(ctx.services.db, companyId, userId) : undefined;
  return { company, user: user ?? fail('USER_NOT_FOUND_2') };
}

/** A new invitation link for an employee who has not accepted yet (the previous link stops working). */
export async function resendInvitation(ctx: Ctx, companyId: string, userId: string): Promise<CompanyPerson> {
  const { company, user } = await employeeOf(ctx, companyId, userId);
  if (user.status !== 'invited') fail('USER_STATUS_INVALID');
  return ctx.services.db.transaction(async (tx) => {
    await queueInvitation(tx, ctx.services, inviterOf(ctx), company.name, user);
    await recordAnswer(tx, () => employee(ctx, user));
    return employee(ctx, user);
  });
}

/**
 * Deactivates an employee: no sign-in, every session ends (the next call answers 401), in no list
 * (colleagues, approvers, backups), their invitation link dead. Not oneself; not the last approver
 * while travels need approval. Deactivating an inactive employee changes nothing.
 */
export async function deactivateUser(ctx: Ctx, companyId: string, userId: string): Promise<CompanyPerson> {
  const { company, user } = await employeeOf(ctx, companyId, userId);
  if (user.id === ctx.user.id) fail('OWN_ACCOUNT');
  if (user.status === 'inactive') return employee(ctx, user);
  const { db, clock } = ctx.services;
  if (
    user.status === 'active' &&
    user.perms.includes('approval') &&
    company.checkoutRules.approval !== 'never' &&
    (await repo.otherActiveApprovers(db, companyId, user.id)) === 0
  )
    fail('LAST_APPROVER');
  return db.transaction(async (tx) => {
    const row = await deactivateAccount(tx, clock, user.id);
    await recordAnswer(tx, () => employee(ctx, row));
    return employee(ctx, row);
  });
}

/** Back to active, or to invited when they never accepted their invitation (send them a new link then). */
export async function reactivateUser(ctx: Ctx, companyId: string, userId: string): Promise<CompanyPerson> {
  const { user } = await employeeOf(ctx, companyId, userId);
  if (user.status !== 'inactive') return employee(ctx, user);
  return ctx.services.db.transaction(async (tx) => {
    const row = await reactivateAccount(tx, user);
    await recordAnswer(tx, () => employee(ctx, row));
    return employee(ctx, row);
  });
}

/** A company guest: every employee may book for them (owned by the manager who made them). */
export async function createCompanyGuest(ctx: Ctx, companyId: string, input: RelBody<'createCompanyGuest'>): Promise<CompanyPerson> {
  await managed(ctx, companyId);
  const { db } = ctx.services;
  return db.transaction(async (tx) => {
    const row = await repo.insertGuest(tx, {
      ownerId: ctx.user.id,
      companyId,
      gender: input.gender,
      firstname: input.firstname,
      lastname: input.lastname,
      email: input.email ?? null,
      birthdate: input.birthdate ?? null,
    });
    await recordAnswer(tx, () => guest(row));
    return guest(row);
  });
}

async function guestOf(ctx: Ctx, companyId: string, guestId: string) {
  await managed(ctx, companyId);
  return (isUuid(guestId) ? await repo.guestById(ctx.services.db, companyId, guestId) : undefined) ?? fail('NOT_FOUND');
}

/** A deactivated guest is offered to no one and bookable by no one. */
export async function setGuestActive(ctx: Ctx, companyId: string, guestId: string, active: boolean): Promise<CompanyPerson> {
  const row = await guestOf(ctx, companyId, guestId);
  if ((row.deactivatedAt === null) === active) return guest(row);
  return ctx.services.db.transaction(async (tx) => {
    const updated = await repo.setGuestDeactivated(tx, row.id, active ? null : ctx.services.clock.now());
    await recordAnswer(tx, () => guest(updated));
    return guest(updated);
  });
}

// ── Company rules ─────────────────────────────────────────────────────────────────────────────────

/** Writes a change in one transaction, with the call's answer (the company as it is then). */
async function change(ctx: Ctx, companyId: string, action: string, write: (tx: Ctx['services']['db']) => Promise<void>): Promise<CompanyAdmin> {
  await ctx.services.db.transaction(async (tx) => {
    await write(tx);
    // The agency's history (db/audit.ts) shows who changed a company's rules, its travel manager or the agency's administrator.
    await recordAudit(tx, { agencyId: ctx.agency.id, actor: { id: ctx.user.id, name: ctx.user.username }, action, target: `company:${companyId}`, detail: {} });
    await recordAnswer(tx, () => present({ ...ctx, services: { ...ctx.services, db: tx } }, companyId));
  });
  return present(ctx, companyId);
}

/**
 * The entities as listed: renamed, added, removed. One used by travels cannot go (409, 160, naming
 * it): its travels keep pointing at it; renaming it is the way.
 */
export async function updateEntities(ctx: Ctx, companyId: string, input: RelBody<'updateEntities'>): Promise<CompanyAdmin> {
  await managed(ctx, companyId, { rules: true });
  return change(ctx, companyId, 'company.entities', async (tx) => {
    const current = await repo.entitiesWithUse(tx, companyId);
    const byId = new Map(current.map((e) => [e.id, e]));
    input.entities.forEach((e, i) => {
      if (e.uid !== null && !byId.has(e.uid)) fail('REQUEST_FORMAT_INVALID', { [`entities.${i}.uid`]: 'SELECT_VALID_VALUE' });
    });
    const kept = new Set(input.entities.map((e) => e.uid).filter((id): id is string => id !== null));
    const removed = current.filter((e) => !kept.has(e.id));
    const used = removed.find((e) => Number(e.travels) > 0);
    if (used)
      fail(
        'ENTITY_IN_USE',
        undefined,
        ctx.lang === 'en'
          ? `“${used.name}” is used by ${used.travels} travel(s): rename it rather than remove it.`
          : `« ${used.name} » est utilisée par ${used.travels} voyage(s) : renommez-la plutôt que de la supprimer.`,
      );
    await repo.deleteEntities(
      tx,
      removed.map((e) => e.id),
    );
    for (const e of input.entities) if (e.uid !== null && byId.get(e.uid)!.name !== e.name) await repo.renameEntity(tx, e.uid, e.name);
    await repo.insertEntities(
      tx,
      companyId,
      input.entities.filter((e) => e.uid === null).map((e) => e.name),
    );
  });
}

/** The analytics fields checkout asks for, from the next checkout on (answers already given keep their names). */
export async function updateAnalytics(ctx: Ctx, companyId: string, input: RelBody<'updateAnalytics'>): Promise<CompanyAdmin> {
  await managed(ctx, companyId, { rules: true });
  const unrunnable = patternProblems(input.fields);
  if (Object.keys(unrunnable).length) fail('REQUEST_FORMAT_INVALID', unrunnable);
  const analytics = input.fields.map(analyticRuleOf);
  return change(ctx, companyId, 'company.analytics', (tx) => repo.mergeCheckoutRules(tx, companyId, { analytics }));
}

/**
 * Who approves, when, and whether the traveller chooses: the approvers must be active employees of
 * the company; each backup is another of them.
 */
export async function updateApprovers(ctx: Ctx, companyId: string, input: RelBody<'updateApprovers'>): Promise<CompanyAdmin> {
  await managed(ctx, companyId, { rules: true });
  return change(ctx, companyId, 'company.approvers', async (tx) => {
    const employees = new Set((await repo.activeEmployees(tx, companyId)).map((e) => e.id));
    input.approvers.forEach((a, i) => {
      if (!employees.has(a.uid)) fail('REQUEST_FORMAT_INVALID', { [`approvers.${i}.uid`]: 'SELECT_VALID_VALUE' });
    });
    await repo.setApprovers(
      tx,
      companyId,
      input.approvers.map((a) => ({ id: a.uid, backupId: a.backup })),
    );
    await repo.mergeCheckoutRules(tx, companyId, { approval: input.mode, chooseApprover: input.chooseApprover });
  });
}

/** The travel policy in figures (and as travellers read it): the next search tags its offers by it. */
export async function updateTravelPolicy(ctx: Ctx, companyId: string, input: RelBody<'updateTravelPolicy'>): Promise<CompanyAdmin> {
  await managed(ctx, companyId, { rules: true });
  const policy = input.policy
    ? travelPolicyOf(
        input.policy,
        (id) => cities.has(id),
        (i) => fail('REQUEST_FORMAT_INVALID', { [`policy.hotel.classes.${i}.cities`]: 'SELECT_VALID_VALUE' }),
      )
    : null;
  return change(ctx, companyId, 'company.travel_policy', (tx) => repo.mergeCheckoutRules(tx, companyId, { policy }, input.text));
}
