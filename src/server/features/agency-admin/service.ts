import { randomUUID } from 'node:crypto';
import type { Lang } from '@contract/account';
import {
  COMPANY_FLAGS,
  type AgencyAdmin,
  type AgencyCompanies,
  type AgencyCompany,
  type AgencyHistory,
  type AgencyMessages,
  type AgencyStaff,
  type StaffMember,
  type StaffRole,
  STAFF_ROLES,
} from '@contract/agency-admin';
import { isAgencyAdmin } from '@contract/permissions';
import { linkTo, type RelBody } from '@contract/rels';
import { auditOf, recordAudit } from '@server/db/audit';
import type { Db } from '@server/db/client';
import type { AgencyCommunication, CompanySso } from '@server/db/schema';
import { deactivateAccount } from '@server/db/user-status';
import { invitePerson, type Inviter } from '@server/invitations/invitations';
import { colourProblems, contrastRatio } from '@server/platform/colors';
import { fail } from '@server/platform/errors';
import { sanitizeAgencyHtml } from '@server/platform/html';
import { recordAnswer } from '@server/platform/idempotency';
import { LogoError, logoDataUri } from '@server/platform/logo';
import type { UserContext as Ctx } from '@server/platform/request-context';
import * as repo from './repository';

/**
 * The agency's own administration: a user with the permission agency_admin manages the agency's
 * client companies, staff, branding, public messages and single sign-on settings. Everything is the
 * caller's agency's: another agency's ids are unknown (404), and without the permission the answer is
 * 403. Every change is one transaction with its line of the agency's history (db/audit.ts), which
 * names the fields that changed and never a secret's value.
 */

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/** The permission first: a caller without it learns nothing of what exists. */
function administered(ctx: Ctx) {
  if (!isAgencyAdmin(ctx.user.perms)) fail('NO_PERMISSION');
}

async function clientCompany(ctx: Ctx, db: Db, companyId: string): Promise<repo.CompanyRow> {
  administered(ctx);
  return (isUuid(companyId) ? await repo.companyOf(db, ctx.agency.id, companyId) : undefined) ?? fail('COMPANY_NOT_FOUND');
}

/**
 * One line of the history, in the change's transaction: `target` is `company:<id>`, `user:<id>`,
 * `message:<id>` or `agency`; `detail` the changed fields' new values (a secret only as SECRET_SET).
 */
const audit = (tx: Db, ctx: Ctx, action: string, target: string, detail: Record<string, unknown>) =>
  recordAudit(tx, { agencyId: ctx.agency.id, actor: { id: ctx.user.id, name: ctx.user.username }, action, target, detail });

/** What the history keeps of a secret that changed: that it did. */
const SECRET_SET = 'set';

const pick = <T extends Record<string, unknown>>(values: T, keys: string[]) => Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));

/** The keys whose values differ (compared as JSON). */
const changedKeys = <T extends Record<string, unknown>>(before: T, after: T, keys: (keyof T & string)[]) =>
  keys.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));

/** Runs a change and its answer in one transaction; the answer is recorded for the call's Idempotency-Key. */
async function write<T>(ctx: Ctx, run: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.services.db.transaction(async (tx) => {
    const answer = await run(tx);
    await recordAnswer(tx, () => answer);
    return answer;
  });
}

const inviterOf = (ctx: Ctx): Inviter => ({ agency: ctx.agency, origin: ctx.origin, name: `${ctx.user.firstname} ${ctx.user.lastname}` });

// ── The entry ────────────────────────────────────────────────────────────────────────────────────

function agencyView(agency: repo.AgencyRow): AgencyAdmin {
  return {
    agency: { uid: agency.id, name: agency.name, brandColor: agency.brandColor, accentColor: agency.accentColor, logo: agency.logo },
    links: {
      agencyCompanies: linkTo('agencyCompanies'),
      agencyStaff: linkTo('agencyStaff'),
      updateBranding: linkTo('updateBranding'),
      agencyMessages: linkTo('agencyMessages'),
      agencyHistory: linkTo('agencyHistory'),
    },
  };
}

/** `GET /agency/admin`: the agency as its administrator sees it, and the links to its areas. */
export async function agencyAdmin(ctx: Ctx): Promise<AgencyAdmin> {
  administered(ctx);
  return agencyView(await repo.agencyById(ctx.services.db, ctx.agency.id));
}

// ── Client companies ─────────────────────────────────────────────────────────────────────────────

const statusOf = (status: repo.UserRow['status']) => (status === 'invited' ? 'invited' : status === 'inactive' ? 'inactive' : 'active');

const ssoView = (sso: CompanySso | null): AgencyCompany['sso'] =>
  sso
    ? {
        segment: sso.segment,
        issuer: sso.issuer,
        clientId: sso.clientId,
        scopes: sso.scopes,
        enforced: sso.enforced ?? false,
        hasSecret: Boolean(sso.clientSecret),
      }
    : null;

/** The company's own yes-or-no flags (a flag it does not name follows the agency's). */
const flagsOf = (features: Record<string, unknown>): AgencyCompany['features'] =>
  Object.fromEntries(
    Object.entries(features).filter(([k, v]) => (COMPANY_FLAGS as string[]).includes(k) && typeof v === 'boolean'),
  ) as AgencyCompany['features'];

async function presentCompanies(db: Db, rows: repo.CompanyRow[]): Promise<AgencyCompany[]> {
  const ids = rows.map((c) => c.id);
  const [entityRows, managers] = await Promise.all([repo.entitiesOf(db, ids), repo.travelManagersOf(db, ids)]);
  return rows.map((c) => {
    const p = { companyID: c.id };
    return {
      uid: c.id,
      name: c.name,
      hotelEnabled: c.hotelEnabled,
      carrentalEnabled: c.carrentalEnabled,
      features: flagsOf(c.features),
      entities: entityRows.filter((e) => e.companyId === c.id).map((e) => ({ uid: e.id, name: e.name })),
      travelManagers: managers
        .filter((u) => u.companyId === c.id)
        .map((u) => ({ uid: u.id, firstname: u.firstname, lastname: u.lastname, email: u.email, status: statusOf(u.status) })),
      sso: ssoView(c.sso),
      links: {
        updateClientCompany: linkTo('updateClientCompany', p),
        inviteTravelManager: linkTo('inviteTravelManager', p),
        updateCompanySso: linkTo('updateCompanySso', p),
      },
    };
  });
}

const presentCompany = async (db: Db, row: repo.CompanyRow) => (await presentCompanies(db, [row]))[0]!;

export async function listCompanies(ctx: Ctx): Promise<AgencyCompanies> {
  administered(ctx);
  const { db } = ctx.services;
  return { companies: await presentCompanies(db, await repo.companiesOf(db, ctx.agency.id)), links: { createClientCompany: linkTo('createClientCompany') } };
}

/** A new client company with its entities; its travellers book trains (and hotels, cars when enabled) at once. */
export async function createCompany(ctx: Ctx, input: RelBody<'createClientCompany'>): Promise<AgencyCompany> {
  administered(ctx);
  const names = [...new Set(input.entities)];
  return write(ctx, async (tx) => {
    const row = await repo.insertCompany(
      tx,
      {
        agencyId: ctx.agency.id,
        name: input.name,
        config: { test: false, airOfflineCancellation: false, railOfflineCancellation: false, travelAgency: { hasMultipaxSearchDisabled: false } },
        hotelEnabled: input.hotelEnabled,
        carrentalEnabled: input.carrentalEnabled,
      },
      names,
    );
    await audit(tx, ctx, 'company.create', `company:${row.id}`, {
      name: row.name,
      entities: names,
      hotelEnabled: row.hotelEnabled,
      carrentalEnabled: row.carrentalEnabled,
    });
    return presentCompany(tx, row);
  });
}

/** Its name, products and feature flags (the flags it names; the others follow the agency's). */
export async function updateCompany(ctx: Ctx, companyId: string, input: RelBody<'updateClientCompany'>): Promise<AgencyCompany> {
  const before = await clientCompany(ctx, ctx.services.db, companyId);
  // Other keys of its features (a post-booking address…) are the operator's: kept as they are.
  const others = Object.fromEntries(Object.entries(before.features).filter(([k]) => !(COMPANY_FLAGS as string[]).includes(k)));
  const after = { name: input.name, hotelEnabled: input.hotelEnabled, carrentalEnabled: input.carrentalEnabled, features: { ...others, ...input.features } };
  const fields = changedKeys({ ...before, features: before.features }, { ...before, ...after }, ['name', 'hotelEnabled', 'carrentalEnabled', 'features']);
  return write(ctx, async (tx) => {
    const row = await repo.updateCompany(tx, companyId, after);
    if (fields.length) await audit(tx, ctx, 'company.update', `company:${companyId}`, pick({ ...after, features: input.features }, fields));
    return presentCompany(tx, row);
  });
}

/** Invites the company's travel manager (permission account_creation): they choose their password from the e-mail. */
export async function inviteTravelManager(ctx: Ctx, companyId: string, input: RelBody<'inviteTravelManager'>): Promise<AgencyCompany> {
  const company = await clientCompany(ctx, ctx.services.db, companyId);
  const { db } = ctx.services;
  const invitee = {
    companyId,
    email: input.email,
    gender: input.gender,
    firstname: input.firstname,
    lastname: input.lastname,
    perms: ['account_creation'],
    lang: input.lang,
  };
  let answer: AgencyCompany | undefined;
  await invitePerson(db, ctx.services, inviterOf(ctx), company.name, invitee, async (tx, user) => {
    await audit(tx, ctx, 'company.invite_travel_manager', `company:${companyId}`, { travelManager: user.email });
    answer = await presentCompany(tx, company);
    await recordAnswer(tx, () => answer);
  });
  return answer!;
}

/**
 * The company's single sign-on: a new secret replaces the one set, none keeps it (it is never
 * answered, and the history says only that it changed). Its segment is unique on the server.
 */
export async function updateCompanySso(ctx: Ctx, companyId: string, input: RelBody<'updateCompanySso'>): Promise<AgencyCompany> {
  const company = await clientCompany(ctx, ctx.services.db, companyId);
  const before = company.sso;
  let sso: CompanySso | null = null;
  if (input.sso) {
    const secret = input.sso.clientSecret?.trim() ? input.sso.clientSecret : before?.clientSecret;
    if (!secret) fail('REQUEST_FORMAT_INVALID', { 'sso.clientSecret': 'PLEASE_FILL' });
    if (await repo.segmentUsedElsewhere(ctx.services.db, input.sso.segment, companyId)) fail('SSO_SEGMENT_TAKEN', { 'sso.segment': 'DUPLICATE_VALUE' });
    sso = {
      segment: input.sso.segment,
      issuer: input.sso.issuer,
      clientId: input.sso.clientId,
      clientSecret: secret!,
      scopes: input.sso.scopes,
      enforced: input.sso.enforced,
    };
  }
  const keys = ['segment', 'issuer', 'clientId', 'clientSecret', 'scopes', 'enforced'] as const;
  const fields =
    before && sso
      ? changedKeys({ ...before, enforced: before.enforced ?? false }, sso, [...keys])
      : before || sso
        ? [...keys].filter((k) => (before ?? sso)![k] !== undefined)
        : [];
  return write(ctx, async (tx) => {
    await repo.setCompanySso(tx, companyId, sso);
    if (fields.length) {
      const values = sso ? { ...pick(sso, fields), ...(fields.includes('clientSecret') ? { clientSecret: SECRET_SET } : {}) } : {};
      await audit(tx, ctx, sso ? 'company.sso' : 'company.sso_remove', `company:${companyId}`, sso ? values : { sso: null });
    }
    return presentCompany(tx, { ...company, sso });
  });
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────────

const rolesOf = (perms: string[]) => STAFF_ROLES.filter((r) => perms.includes(r));

function staffView(ctx: Ctx, user: repo.UserRow): StaffMember {
  const status = statusOf(user.status);
  return {
    uid: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    username: user.username,
    status,
    roles: rolesOf(user.perms),
    links: status !== 'inactive' && user.id !== ctx.user.id ? { deactivateStaff: linkTo('deactivateStaff', { userID: user.id }) } : {},
  };
}

export async function listStaff(ctx: Ctx): Promise<AgencyStaff> {
  administered(ctx);
  const rows = await repo.staffOf(ctx.services.db, ctx.agency.id);
  return { staff: rows.map((u) => staffView(ctx, u)), links: { inviteStaff: linkTo('inviteStaff') } };
}

/** Invites a member of staff with their roles (no company): they choose their password from the e-mail. */
export async function inviteStaff(ctx: Ctx, input: RelBody<'inviteStaff'>): Promise<StaffMember> {
  administered(ctx);
  const roles: StaffRole[] = STAFF_ROLES.filter((r) => input.roles.includes(r));
  const invitee = {
    companyId: null,
    email: input.email,
    gender: input.gender,
    firstname: input.firstname,
    lastname: input.lastname,
    perms: roles,
    lang: input.lang,
  };
  const user = await invitePerson(ctx.services.db, ctx.services, inviterOf(ctx), ctx.agency.name, invitee, async (tx, invited) => {
    await audit(tx, ctx, 'staff.invite', `user:${invited.id}`, { email: invited.email, roles });
    await recordAnswer(tx, () => staffView(ctx, invited));
  });
  return staffView(ctx, user);
}

/** No sign-in any more, every session ended at once, the invitation link dead; not oneself. */
export async function deactivateStaff(ctx: Ctx, userId: string): Promise<StaffMember> {
  administered(ctx);
  const { db, clock } = ctx.services;
  const user = (isUuid(userId) ? await repo.staffMember(db, ctx.agency.id, userId) : undefined) ?? fail('USER_NOT_FOUND_2');
  if (user.id === ctx.user.id) fail('OWN_ACCOUNT');
  if (user.status === 'inactive') return staffView(ctx, user);
  return write(ctx, async (tx) => {
    const row = await deactivateAccount(tx, clock, user.id);
    await audit(tx, ctx, 'staff.deactivate', `user:${user.id}`, { status: 'inactive' });
    return staffView(ctx, row);
  });
}

// ── Branding ─────────────────────────────────────────────────────────────────────────────────────

/** Why a colour is refused, in the caller's language (the field says CONTRAST_TOO_LOW or FORMAT_INVALID). */
function colourRefusal(lang: Lang, colours: { brand: string; accent: string }): never {
  const problems = colourProblems(colours);
  const field = { brand: 'brandColor', accent: 'accentColor' } as const;
  const sentences = problems.map((p) => {
    const ratio = contrastRatio(colours[p.field], '#ffffff').toFixed(2);
    const name =
      lang === 'en' ? (p.field === 'brand' ? 'The brand colour' : 'The accent colour') : p.field === 'brand' ? 'La couleur principale' : 'La couleur d’accent';
    return lang === 'en'
      ? `${name} has a contrast of ${ratio}:1 with white text; WCAG AA needs 4.5:1.`
      : `${name} a un contraste de ${ratio.replace('.', ',')}:1 avec un texte blanc ; le niveau AA du WCAG demande 4,5:1.`;
  });
  return fail('REQUEST_FORMAT_INVALID', Object.fromEntries(problems.map((p) => [field[p.field], 'CONTRAST_TOO_LOW'])), sentences.join(' '));
}

/** The colours (refused below WCAG AA with white text: platform/colors.ts) and the logo (platform/logo.ts). */
export async function updateBranding(ctx: Ctx, input: RelBody<'updateBranding'>): Promise<AgencyAdmin> {
  administered(ctx);
  const colours = { brand: input.brandColor, accent: input.accentColor };
  if (colourProblems(colours).length) colourRefusal(ctx.lang, colours);
  let logo: string | null | undefined;
  if (input.logo === null) logo = null;
  else if (input.logo !== undefined) {
    try {
      logo = logoDataUri(Buffer.from(input.logo, 'base64'));
    } catch (err) {
      if (err instanceof LogoError) fail('REQUEST_FORMAT_INVALID', { logo: 'LOGO_INVALID' }, err.message);
      throw err;
    }
  }
  const before = await repo.agencyById(ctx.services.db, ctx.agency.id);
  const after = { brandColor: input.brandColor.toLowerCase(), accentColor: input.accentColor.toLowerCase(), ...(logo !== undefined ? { logo } : {}) };
  const fields = changedKeys(
    { brandColor: before.brandColor.toLowerCase(), accentColor: before.accentColor.toLowerCase(), logo: before.logo },
    { brandColor: after.brandColor, accentColor: after.accentColor, logo: logo === undefined ? before.logo : logo },
    ['brandColor', 'accentColor', 'logo'],
  );
  return write(ctx, async (tx) => {
    const row = await repo.updateAgency(tx, ctx.agency.id, after);
    // The logo is a file: the history says it changed (or went), not its bytes.
    if (fields.length)
      await audit(tx, ctx, 'branding.update', 'agency', {
        ...pick(after, fields),
        ...(fields.includes('logo') ? { logo: logo === null ? null : SECRET_SET } : {}),
      });
    return agencyView(row);
  });
}

// ── Public messages ──────────────────────────────────────────────────────────────────────────────

async function presentMessages(ctx: Ctx, db: Db, communications: AgencyCommunication[]): Promise<AgencyMessages> {
  const companies = await repo.companiesOf(db, ctx.agency.id);
  return {
    messages: communications.map((c) => ({
      id: c.id,
      support: c.support as AgencyMessages['messages'][number]['support'],
      companyId: c.companyId,
      level: c.level,
      message: { fr: c.message.fr ?? '', en: c.message.en ?? '' },
      links: {
        updateAgencyMessage: linkTo('updateAgencyMessage', { messageID: c.id }),
        deleteAgencyMessage: linkTo('deleteAgencyMessage', { messageID: c.id }),
      },
    })),
    companies: companies.map((c) => ({ uid: c.id, name: c.name })),
    links: { createAgencyMessage: linkTo('createAgencyMessage') },
  };
}

export async function listMessages(ctx: Ctx): Promise<AgencyMessages> {
  administered(ctx);
  const { db } = ctx.services;
  return presentMessages(ctx, db, (await repo.agencyById(db, ctx.agency.id)).communications);
}

/** A message as stored: its HTML cut down to the safe subset; its company one of the agency's. */
async function messageOf(ctx: Ctx, id: string, input: RelBody<'createAgencyMessage'>): Promise<AgencyCommunication> {
  if (input.companyId !== null && !(isUuid(input.companyId) && (await repo.companyOf(ctx.services.db, ctx.agency.id, input.companyId))))
    fail('COMPANY_NOT_FOUND', { companyId: 'SELECT_VALID_VALUE' });
  const message = { fr: sanitizeAgencyHtml(input.message.fr).trim(), en: sanitizeAgencyHtml(input.message.en).trim() };
  // Nothing left once cleaned (only a script, say): as if the field were empty.
  for (const lang of ['fr', 'en'] as const) if (!message[lang]) fail('REQUEST_FORMAT_INVALID', { [`message.${lang}`]: 'PLEASE_FILL' });
  return { id, support: input.support, companyId: input.companyId, entityId: null, level: input.level, message };
}

const excerpt = (html: string) => {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};

/** Changes the agency's messages under a lock of its row (two administrators at once keep both changes). */
function changeMessages(ctx: Ctx, change: (current: AgencyCommunication[], tx: Db) => Promise<AgencyCommunication[]>): Promise<AgencyMessages> {
  return write(ctx, async (tx) => {
    const agency = await repo.lockAgency(tx, ctx.agency.id);
    const next = await change(agency.communications, tx);
    await repo.setCommunications(tx, ctx.agency.id, next);
    return presentMessages(ctx, tx, next);
  });
}

export async function createMessage(ctx: Ctx, input: RelBody<'createAgencyMessage'>): Promise<AgencyMessages> {
  administered(ctx);
  const message = await messageOf(ctx, randomUUID(), input);
  return changeMessages(ctx, async (current, tx) => {
    await audit(tx, ctx, 'message.create', `message:${message.id}`, {
      ...pick(message, ['support', 'companyId', 'level']),
      message: excerpt(message.message.fr ?? ''),
    });
    return [...current, message];
  });
}

const findMessage = (current: AgencyCommunication[], id: string) => current.find((c) => c.id === id) ?? fail('AGENCY_MESSAGE_NOT_FOUND');

export async function updateMessage(ctx: Ctx, messageId: string, input: RelBody<'updateAgencyMessage'>): Promise<AgencyMessages> {
  administered(ctx);
  findMessage((await repo.agencyById(ctx.services.db, ctx.agency.id)).communications, messageId);
  const message = await messageOf(ctx, messageId, input);
  return changeMessages(ctx, async (current, tx) => {
    const before = findMessage(current, messageId);
    const fields = changedKeys(before, message, ['support', 'companyId', 'level', 'message']);
    if (fields.length)
      await audit(tx, ctx, 'message.update', `message:${messageId}`, {
        ...pick(message, fields),
        ...(fields.includes('message') ? { message: excerpt(message.message.fr ?? '') } : {}),
      });
    return current.map((c) => (c.id === messageId ? message : c));
  });
}

export async function deleteMessage(ctx: Ctx, messageId: string): Promise<AgencyMessages> {
  administered(ctx);
  findMessage((await repo.agencyById(ctx.services.db, ctx.agency.id)).communications, messageId);
  return changeMessages(ctx, async (current, tx) => {
    const before = findMessage(current, messageId);
    await audit(tx, ctx, 'message.delete', `message:${messageId}`, { message: excerpt(before.message.fr ?? '') });
    return current.filter((c) => c.id !== messageId);
  });
}

// ── History ──────────────────────────────────────────────────────────────────────────────────────

/** The agency's history, newest first (the last 200 changes), each target by its name as it reads now. */
export async function history(ctx: Ctx): Promise<AgencyHistory> {
  administered(ctx);
  const { db } = ctx.services;
  const events = await auditOf(db, ctx.agency.id, 200);
  const idsOf = (kind: string) => [
    ...new Set(
      events
        .map((e) => e.target.split(':'))
        .filter(([k, id]) => k === kind && isUuid(id ?? ''))
        .map(([, id]) => id!),
    ),
  ];
  const [companies, people] = await Promise.all([repo.companyNames(db, ctx.agency.id, idsOf('company')), repo.userNames(db, ctx.agency.id, idsOf('user'))]);
  const names = new Map([...companies, ...people].map((row) => [row.id, row.name]));
  const label = (target: string, detail: Record<string, unknown>) => {
    const [kind, id = ''] = target.split(':');
    if (kind === 'agency') return ctx.agency.name;
    if (kind === 'message' && typeof detail.message === 'string') return detail.message;
    return names.get(id) ?? target;
  };
  return {
    events: events.map((e) => ({
      id: e.id,
      at: e.at.toISOString(),
      actor: e.actor,
      action: e.action,
      target: label(e.target, e.detail),
      fields: Object.keys(e.detail),
    })),
  };
}
