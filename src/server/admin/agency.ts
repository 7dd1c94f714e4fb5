import fs from 'node:fs';
import { asc, eq, inArray } from 'drizzle-orm';
import { featureFlagsSchema, langSchema, type Lang } from '@contract/account';
import type { Db } from '@server/db/client';
import { recordAudit, type AuditActor } from '@server/db/audit';
import { agencies, agencyHosts, companies } from '@server/db/schema';
import { colourProblems } from '@server/platform/colors';
import { LogoError, logoDataUri } from '@server/platform/logo';
import { newToken, sha256 } from '@server/platform/secrets';
import { facts, flagOf, optionOf, refuse, table, valuesOf, type Args, type Command, type OptionSpec } from './cli';

/** Every change the tool makes is recorded in the agency's history under this name. */
export const OPERATOR: AuditActor = { id: null, name: 'operator' };

export type AgencyRecord = typeof agencies.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** The agency an argument names: its id, its exact name, or one of its host names; unknown → one line naming it. */
export async function agencyNamed(db: Db, ref: string, option = 'agency'): Promise<AgencyRecord> {
  if (isUuid(ref)) {
    const [byId] = await db.select().from(agencies).where(eq(agencies.id, ref)).limit(1);
    if (byId) return byId;
  }
  const byName = await db.select().from(agencies).where(eq(agencies.name, ref)).limit(2);
  if (byName.length > 1) return refuse(`${option} "${ref}" names ${byName.length} agencies: give its id (agency list)`);
  if (byName[0]) return byName[0];
  const [byHost] = await db
    .select({ agency: agencies })
    .from(agencyHosts)
    .innerJoin(agencies, eq(agencies.id, agencyHosts.agencyId))
    .where(eq(agencyHosts.host, ref.toLowerCase()))
    .limit(1);
  return byHost?.agency ?? refuse(`unknown ${option} "${ref}" (an agency's id, exact name or host: see agency list)`);
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name as the web shell compares it: lower-case, no scheme, no port, no path. */
export function hostName(value: string): string {
  const host = value.trim().toLowerCase();
  if (!HOST.test(host)) return refuse(`--host "${value}" is not a host name (such as travel.example.com: no scheme, port or path)`);
  return host;
}

/** Host names no agency (other than `agencyId`) has: a taken one is refused, naming it and its agency. */
async function checkHostsFree(db: Db, hosts: string[], agencyId: string | null) {
  if (hosts.length === 0) return;
  const taken = await db
    .select({ host: agencyHosts.host, agencyId: agencyHosts.agencyId, agency: agencies.name })
    .from(agencyHosts)
    .innerJoin(agencies, eq(agencies.id, agencyHosts.agencyId))
    .where(inArray(agencyHosts.host, hosts));
  const other = taken.find((t) => t.agencyId !== agencyId);
  if (other) refuse(`--host ${other.host} is already the host of agency "${other.agency}"`);
}

/** `--feature name=value`: a flag of the contract's featureFlagsSchema with a value of its type (JSON: true, false, null, {…}); `default` removes the override. */
export function parseFeatures(values: string[], current: Record<string, unknown> = {}): Record<string, unknown> {
  const shape = featureFlagsSchema.shape;
  const next = { ...current };
  for (const entry of values) {
    const eq = entry.indexOf('=');
    if (eq <= 0) refuse(`--feature "${entry}" must be written name=value (e.g. redirectToCart=true)`);
    const name = entry.slice(0, eq).trim();
    const raw = entry.slice(eq + 1).trim();
    if (!Object.hasOwn(shape, name)) refuse(`--feature ${name}: no such feature flag (known: ${Object.keys(shape).join(', ')})`);
    if (raw === 'default') {
      delete next[name];
      continue;
    }
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // A bare word stays a string: the flag's schema says whether it is one.
    }
    const parsed = shape[name as keyof typeof shape].safeParse(value);
    if (!parsed.success) refuse(`--feature ${name}=${raw}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
    next[name] = value;
  }
  return next;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]{6,20}$/;

function parseLang(value: string | undefined): Lang | undefined {
  if (value === undefined) return undefined;
  const parsed = langSchema.safeParse(value);
  return parsed.success ? parsed.data : refuse(`--lang must be fr or en (got "${value}")`);
}

function readLogo(file: string): string {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch (err) {
    return refuse(`--logo ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  try {
    return logoDataUri(bytes);
  } catch (err) {
    if (err instanceof LogoError) return refuse(`--logo ${file}: ${err.message}`);
    throw err;
  }
}

/** The settings an agency command changes, from its options, checked; only what was given. */
function settingsOf(args: Args, current: AgencyRecord | null) {
  const brand = optionOf(args, 'brand');
  const accent = optionOf(args, 'accent');
  const colours = { brand: (brand ?? current?.brandColor ?? '#1d4ed8').toLowerCase(), accent: (accent ?? current?.accentColor ?? '#0f766e').toLowerCase() };
  const problems = colourProblems(colours).filter((p) => (p.field === 'brand' ? brand : accent) !== undefined || !current);
  if (problems.length) refuse(`--${problems[0]!.field}: ${problems.map((p) => p.message).join('; ')}`);
  const email = optionOf(args, 'support-email');
  if (email !== undefined && email !== '' && !EMAIL.test(email)) refuse(`--support-email "${email}" is not an e-mail address`);
  const phone = optionOf(args, 'support-phone');
  if (phone !== undefined && phone !== '' && !PHONE.test(phone)) refuse(`--support-phone "${phone}" is not a phone number (digits, spaces, + ( ) . -)`);
  const logoFile = optionOf(args, 'logo');
  if (logoFile !== undefined && flagOf(args, 'remove-logo')) refuse('--logo and --remove-logo cannot go together');
  const set: Partial<typeof agencies.$inferInsert> = {};
  if (brand !== undefined || !current) set.brandColor = colours.brand;
  if (accent !== undefined || !current) set.accentColor = colours.accent;
  const lang = parseLang(optionOf(args, 'lang'));
  if (lang) set.defaultLang = lang;
  if (email !== undefined) set.supportEmail = email || null;
  if (phone !== undefined) set.supportPhone = phone || null;
  if (logoFile !== undefined) set.logo = readLogo(logoFile);
  if (flagOf(args, 'remove-logo')) set.logo = null;
  const features = valuesOf(args, 'feature');
  if (features.length) set.features = parseFeatures(features, current?.features ?? {});
  return set;
}

const hostsOf = async (db: Db, agencyId: string) =>
  (await db.select({ host: agencyHosts.host }).from(agencyHosts).where(eq(agencyHosts.agencyId, agencyId)).orderBy(asc(agencyHosts.host))).map((h) => h.host);

/** An agency as `show` prints it (never its integration keys: only their prefixes, with `agency key list`). */
async function agencyView(db: Db, agency: AgencyRecord) {
  const [hosts, companyCount] = await Promise.all([hostsOf(db, agency.id), db.$count(companies, eq(companies.agencyId, agency.id))]);
  return {
    id: agency.id,
    name: agency.name,
    hosts,
    webKey: agency.webKey,
    brandColor: agency.brandColor,
    accentColor: agency.accentColor,
    logo: agency.logo ? `${agency.logo.slice(0, agency.logo.indexOf(';'))} (${agency.logo.length} characters)` : null,
    defaultLang: agency.defaultLang,
    supportEmail: agency.supportEmail,
    supportPhone: agency.supportPhone,
    features: agency.features,
    companies: companyCount,
    createdAt: agency.createdAt.toISOString(),
  };
}

const viewText = (view: Awaited<ReturnType<typeof agencyView>>) =>
  facts([
    ['id', view.id],
    ['name', view.name],
    ['hosts', view.hosts],
    ['web key', view.webKey],
    ['brand', view.brandColor],
    ['accent', view.accentColor],
    ['logo', view.logo],
    ['language', view.defaultLang],
    ['support e-mail', view.supportEmail],
    ['support phone', view.supportPhone],
    ['features', Object.keys(view.features).length ? view.features : null],
    ['companies', view.companies],
  ]);

const brandingOptions: Record<string, OptionSpec> = {
  brand: { type: 'string', value: '<#rrggbb>', help: 'header and button colour: white text on it must reach WCAG AA (4.5:1)' },
  accent: { type: 'string', value: '<#rrggbb>', help: 'links and badges colour: 4.5:1 against white too' },
  logo: { type: 'string', value: '<file>', help: 'an SVG (sanitised), PNG or WebP file of at most 100 KB' },
  lang: { type: 'string', value: 'fr|en', help: 'the default language of its pages and e-mails' },
  'support-email': { type: 'string', value: '<address>', help: 'the support address shown in the footer ("" removes it)' },
  'support-phone': { type: 'string', value: '<number>', help: 'the support phone number ("" removes it)' },
  feature: { type: 'string', multiple: true, value: '<name=value>', help: 'a feature flag over the defaults (value JSON or `default` to remove)' },
};

const HOST_NOTE = [
  'Host names are the white-label addresses the web app is served on (lower-case, no port); one host belongs',
  'to one agency. A running server sees a host change within 30 s. AGENCY_HOSTS, when set, is read first.',
];

export const agencyCommands: Command[] = [
  {
    path: ['agency', 'create'],
    positionals: ['<name>'],
    summary: 'Create an agency: its name, hosts and branding; prints its web key (the public Api-Key its web app sends).',
    options: { host: { type: 'string', multiple: true, value: '<host>', help: 'a host name its web app answers on' }, ...brandingOptions },
    notes: [...HOST_NOTE, 'Colours default to #1d4ed8 (brand) and #0f766e (accent). Integration Api-Keys: agency key issue.'],
    async run(ctx, args) {
      const name = args.positionals[0]!.trim();
      if (!name) refuse('the agency name is empty');
      const [same] = await ctx.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, name)).limit(1);
      if (same) refuse(`an agency named "${name}" exists already (${same.id})`);
      const hosts = [...new Set(valuesOf(args, 'host').map(hostName))];
      await checkHostsFree(ctx.db, hosts, null);
      const settings = settingsOf(args, null);
      const webKey = newToken();
      const agency = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(agencies)
          .values({ name, apiKeyHash: sha256(webKey), webKey, brandColor: settings.brandColor!, accentColor: settings.accentColor!, ...settings })
          .returning();
        if (hosts.length) await tx.insert(agencyHosts).values(hosts.map((host) => ({ host, agencyId: row!.id })));
        await recordAudit(tx, {
          agencyId: row!.id,
          actor: OPERATOR,
          action: 'agency.create',
          target: 'agency',
          detail: { name, hosts, ...settings, ...(settings.logo ? { logo: 'set' } : {}) },
        });
        return row!;
      });
      const view = await agencyView(ctx.db, agency);
      return { json: view, text: `Agency created.\n${viewText(view)}` };
    },
  },
  {
    path: ['agency', 'update'],
    positionals: ['<agency>'],
    summary: 'Change an agency: name, hosts, branding, language, support contacts, feature flags.',
    options: {
      name: { type: 'string', value: '<name>', help: 'its new name' },
      host: { type: 'string', multiple: true, value: '<host>', help: 'a host name to add' },
      'remove-host': { type: 'string', multiple: true, value: '<host>', help: 'a host name to remove' },
      ...brandingOptions,
      'remove-logo': { type: 'flag', help: 'remove its logo (the header shows its name)' },
    },
    notes: ['<agency>: its id, exact name or one of its hosts.', ...HOST_NOTE],
    async run(ctx, args) {
      const agency = await agencyNamed(ctx.db, args.positionals[0]!, '<agency>');
      const newName = optionOf(args, 'name')?.trim();
      if (newName === '') refuse('--name is empty');
      if (newName && newName !== agency.name) {
        const [same] = await ctx.db.select({ id: agencies.id }).from(agencies).where(eq(agencies.name, newName)).limit(1);
        if (same) refuse(`--name: an agency named "${newName}" exists already (${same.id})`);
      }
      const add = [...new Set(valuesOf(args, 'host').map(hostName))];
      const remove = [...new Set(valuesOf(args, 'remove-host').map((h) => h.trim().toLowerCase()))];
      await checkHostsFree(ctx.db, add, agency.id);
      const current = await hostsOf(ctx.db, agency.id);
      for (const host of remove) if (!current.includes(host)) refuse(`--remove-host ${host} is not a host of "${agency.name}"`);
      const settings = { ...settingsOf(args, agency), ...(newName ? { name: newName } : {}) };
      if (Object.keys(settings).length === 0 && add.length === 0 && remove.length === 0)
        refuse('nothing to change: give at least one option (see agency update --help)');
      await ctx.db.transaction(async (tx) => {
        if (Object.keys(settings).length) await tx.update(agencies).set(settings).where(eq(agencies.id, agency.id));
        if (remove.length) await tx.delete(agencyHosts).where(inArray(agencyHosts.host, remove));
        const fresh = add.filter((h) => !current.includes(h));
        if (fresh.length) await tx.insert(agencyHosts).values(fresh.map((host) => ({ host, agencyId: agency.id })));
        const detail = {
          ...settings,
          ...(settings.logo ? { logo: 'replaced' } : {}),
          ...(add.length ? { addedHosts: add } : {}),
          ...(remove.length ? { removedHosts: remove } : {}),
        };
        await recordAudit(tx, { agencyId: agency.id, actor: OPERATOR, action: 'agency.update', target: 'agency', detail });
      });
      const [updated] = await ctx.db.select().from(agencies).where(eq(agencies.id, agency.id));
      const view = await agencyView(ctx.db, updated!);
      return { json: view, text: `Agency updated.\n${viewText(view)}` };
    },
  },
  {
    path: ['agency', 'show'],
    positionals: ['<agency>'],
    summary: 'Show an agency: hosts, web key, branding, contacts, feature flags.',
    options: {},
    notes: ['<agency>: its id, exact name or one of its hosts.'],
    async run(ctx, args) {
      const view = await agencyView(ctx.db, await agencyNamed(ctx.db, args.positionals[0]!, '<agency>'));
      return { json: view, text: viewText(view) };
    },
  },
  {
    path: ['agency', 'list'],
    positionals: [],
    summary: 'List the agencies with their hosts.',
    options: {},
    async run(ctx) {
      const rows = await ctx.db.select().from(agencies).orderBy(asc(agencies.name));
      const hosts = await ctx.db.select().from(agencyHosts).orderBy(asc(agencyHosts.host));
      const list = rows.map((a) => ({ id: a.id, name: a.name, hosts: hosts.filter((h) => h.agencyId === a.id).map((h) => h.host) }));
      return { json: list, text: table(list, 'No agency yet: npm run admin -- agency create <name> --host <host>') };
    },
  },
];
