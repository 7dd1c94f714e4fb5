import fs from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { approvalModeSchema, updateAnalyticsBodySchema, updateTravelPolicyBodySchema } from '@contract/company-admin';
import type { Db } from '@server/db/client';
import { recordAudit } from '@server/db/audit';
import { agencies, companies, entities, users, type CompanyConfig } from '@server/db/schema';
import { analyticRuleOf, patternProblems, travelPolicyOf, type CheckoutRules } from '@server/domain/company';
import { cities } from '@server/reference/places';
import { OPERATOR, agencyNamed, isUuid, parseFeatures } from './agency';
import { AdminError, facts, optionOf, refuse, table, valuesOf, yesNo, type Args, type Command } from './cli';

/**
 * A travel agency's client companies: name, entities, products sold, feature flags, and the checkout
 * rules and travel policy read from a JSON file — the same bodies, checked by the same contract schemas,
 * as the travel manager's editors send (contract/company-admin.ts).
 */

export type CompanyRecord = typeof companies.$inferSelect;

/** The company an argument names: its id or exact name (within `--agency` when given); unknown or ambiguous → one line naming it. */
export async function companyNamed(db: Db, ref: string, agencyRef: string | undefined, option = '<company>'): Promise<CompanyRecord> {
  const agency = agencyRef === undefined ? null : await agencyNamed(db, agencyRef, '--agency');
  const inAgency = agency ? eq(companies.agencyId, agency.id) : undefined;
  if (isUuid(ref)) {
    const [byId] = await db
      .select()
      .from(companies)
      .where(and(eq(companies.id, ref), inAgency))
      .limit(1);
    if (byId) return byId;
  }
  const byName = await db
    .select()
    .from(companies)
    .where(and(eq(companies.name, ref), inAgency))
    .limit(2);
  if (byName.length > 1) return refuse(`${option} "${ref}" names several companies: add --agency <agency> or give its id (company list)`);
  return (
    byName[0] ??
    refuse(`unknown ${option} "${ref}"${agency ? ` in agency "${agency.name}"` : ''} (a company's id or exact name: see company list --agency <agency>)`)
  );
}

/**
 * The rules file: each part optional, each checked by the contract's schema of the travel manager's
 * editor that sets it. `approvers` are people, named in the web app once they have accounts.
 */
export const rulesFileSchema = z
  .object({
    analytics: updateAnalyticsBodySchema.optional(),
    travelPolicy: updateTravelPolicyBodySchema.optional(),
    approval: approvalModeSchema.optional(),
    chooseApprover: z.boolean().optional(),
    missionOrders: z.boolean().optional(),
    payment: z.object({ card: z.boolean() }).strict().optional(),
  })
  .strict();
export type RulesFile = z.input<typeof rulesFileSchema>;

/** A path as JSON paths read: travelPolicy.policy.hotel.classes[0].cities[2]. */
const jsonPath = (path: PropertyKey[]) =>
  path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : acc ? `${acc}.${String(part)}` : String(part)), '') || '(the whole file)';

export type RulesProblem = { path: string; message: string };

/** The file's rules, checked: every problem with its JSON path, or the rules as the company stores them. */
export function readRules(file: string): { rules: Partial<CheckoutRules>; travelPolicy?: string | null } {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return refuse(`--rules ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return refuse(`--rules ${file}: not JSON (${(err as Error).message})`);
  }
  const parsed = rulesFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems: RulesProblem[] = parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message }));
    throw new RulesError(file, problems);
  }
  const input = parsed.data;
  const problems: RulesProblem[] = [];
  const rules: Partial<CheckoutRules> = {};
  if (input.analytics) {
    for (const [path, message] of Object.entries(patternProblems(input.analytics.fields)))
      problems.push({ path: jsonPath(['analytics', ...path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))]), message });
    rules.analytics = input.analytics.fields.map(analyticRuleOf);
  }
  if (input.approval !== undefined) rules.approval = input.approval;
  if (input.chooseApprover !== undefined) rules.chooseApprover = input.chooseApprover;
  if (input.missionOrders !== undefined) rules.missionOrders = input.missionOrders;
  if (input.payment) rules.payment = input.payment;
  if (input.travelPolicy) {
    const p = input.travelPolicy.policy;
    rules.policy = p ? policyRules(p, problems) : null;
  }
  if (problems.length) throw new RulesError(file, problems);
  return input.travelPolicy ? { rules, travelPolicy: input.travelPolicy.text } : { rules };
}

/** A rules file the contract refuses: all its problems, in one line. */
export class RulesError extends AdminError {
  override name = 'RulesError';
  constructor(
    readonly file: string,
    readonly problems: RulesProblem[],
  ) {
    super(`--rules ${file}: ${problems.length} problem${problems.length > 1 ? 's' : ''}: ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  }
}

/** The policy in figures: a city the reference data lacks is a problem at its path. */
const policyRules = (p: Parameters<typeof travelPolicyOf>[0], problems: RulesProblem[]) =>
  travelPolicyOf(
    p,
    (id) => cities.has(id),
    (i, j, placeId) =>
      problems.push({ path: `travelPolicy.policy.hotel.classes[${i}].cities[${j}]`, message: `unknown city "${placeId}" (write city:<id>, e.g. city:paris)` }),
  );

/** The stored rules written back as a rules file (what `company show` prints, and `--rules` takes again). */
export function rulesFileOf(company: CompanyRecord): RulesFile {
  const r = company.checkoutRules;
  const policy = r.policy;
  const byCap = new Map<number, string[]>();
  for (const [city, cap] of Object.entries(policy?.hotel.maxNightlyByCity ?? {})) byCap.set(cap, [...(byCap.get(cap) ?? []), `city:${city}`]);
  return {
    analytics: {
      fields: r.analytics.map((a) => ({
        name: a.name,
        label: a.label,
        level: a.level,
        required: a.required,
        values: a.values ?? [],
        valueCodes: a.valueCodes ?? [],
        regex: a.regex ?? null,
        regexDesc: a.regex ? (a.regexDesc ?? { fr: '', en: '' }) : null,
      })),
    },
    travelPolicy: {
      policy: policy
        ? {
            rail: policy.rail,
            flight: { onlyAboveRailMinutes: policy.flight.onlyAboveRailMinutes, cabins: policy.flight.cabins as ('economy' | 'premium' | 'business')[] },
            hotel: { maxNightly: policy.hotel.maxNightly, classes: [...byCap].map(([maxNightly, list]) => ({ maxNightly, cities: list })) },
            car: (policy.car as never) ?? null,
          }
        : null,
      text: company.travelPolicy,
    },
    approval: r.approval,
    chooseApprover: r.chooseApprover,
    missionOrders: r.missionOrders,
    ...(r.payment ? { payment: r.payment } : {}),
  };
}

const DEFAULT_CONFIG: CompanyConfig = {
  test: false,
  airOfflineCancellation: false,
  railOfflineCancellation: false,
  travelAgency: { hasMultipaxSearchDisabled: false },
};

async function companyView(db: Db, company: CompanyRecord) {
  const [agency] = await db.select({ name: agencies.name }).from(agencies).where(eq(agencies.id, company.agencyId));
  const entityRows = await db
    .select({ id: entities.id, name: entities.name })
    .from(entities)
    .where(eq(entities.companyId, company.id))
    .orderBy(asc(entities.name));
  const people = await db.$count(users, eq(users.companyId, company.id));
  return {
    id: company.id,
    name: company.name,
    agency: agency?.name ?? null,
    entities: entityRows,
    hotelEnabled: company.hotelEnabled,
    carrentalEnabled: company.carrentalEnabled,
    features: company.features,
    sso: company.sso
      ? { segment: company.sso.segment, issuer: company.sso.issuer, clientId: company.sso.clientId, enforced: company.sso.enforced ?? false }
      : null,
    people,
    rules: rulesFileOf(company),
  };
}

const viewText = (view: Awaited<ReturnType<typeof companyView>>) =>
  facts([
    ['id', view.id],
    ['name', view.name],
    ['agency', view.agency],
    ['entities', view.entities.map((e) => e.name)],
    ['hotels', view.hotelEnabled ? 'yes' : 'no'],
    ['car rentals', view.carrentalEnabled ? 'yes' : 'no'],
    ['features', Object.keys(view.features).length ? view.features : null],
    ['single sign-on', view.sso ? `${view.sso.issuer} (${view.sso.enforced ? 'enforced' : 'password sign-in allowed too'})` : null],
    ['people', view.people],
    ['rules', JSON.stringify(view.rules)],
  ]);

/** What create and update change besides entities, from the options; only what was given. */
function changesOf(args: Args, current: CompanyRecord | null) {
  const set: Partial<typeof companies.$inferInsert> = {};
  const hotel = yesNo(args, 'hotel');
  const car = yesNo(args, 'car');
  if (hotel !== undefined) set.hotelEnabled = hotel;
  if (car !== undefined) set.carrentalEnabled = car;
  const features = valuesOf(args, 'feature');
  if (features.length) set.features = parseFeatures(features, current?.features ?? {});
  const file = optionOf(args, 'rules');
  const read = file === undefined ? null : readRules(file);
  return { set, read };
}

const entityNames = (args: Args) => {
  const names = valuesOf(args, 'entity').map((n) => n.trim());
  if (names.some((n) => n === '')) refuse('--entity is empty');
  return [...new Set(names)];
};

const companyOptions = {
  entity: { type: 'string', multiple: true, value: '<name>', help: 'an entity (department, site) its travels are booked for' },
  hotel: { type: 'string', value: 'yes|no', help: 'its travellers may book hotels' },
  car: { type: 'string', value: 'yes|no', help: 'its travellers may book car rentals' },
  feature: { type: 'string', multiple: true, value: '<name=value>', help: 'a feature flag over the agency’s (value JSON or `default`)' },
  rules: { type: 'string', value: '<file.json>', help: 'checkout rules and travel policy (see below)' },
} as const;

const RULES_NOTE = [
  'The rules file (every part optional; each is checked by the schema of the travel manager’s editor):',
  '  { "analytics": { "fields": [ …analytics fields… ] },',
  '    "travelPolicy": { "policy": { "rail": …, "flight": …, "hotel": …, "car": … } | null, "text": "…" },',
  '    "approval": "never" | "always" | "non_compliant", "chooseApprover": false, "missionOrders": false,',
  '    "payment": { "card": true } }',
  'company show --json prints a company’s rules in this shape. Approvers are named by the travel manager in the web app.',
];

export const companyCommands: Command[] = [
  {
    path: ['company', 'create'],
    positionals: ['<name>'],
    summary: 'Create a client company of an agency, with its entities, products, flags and rules.',
    options: { agency: { type: 'string', value: '<agency>', help: 'its agency: id, exact name or host (required)' }, ...companyOptions },
    notes: RULES_NOTE,
    async run(ctx, args) {
      const agencyRef = optionOf(args, 'agency') ?? refuse('company create needs --agency <agency>');
      const agency = await agencyNamed(ctx.db, agencyRef, '--agency');
      const name = args.positionals[0]!.trim();
      if (!name) refuse('the company name is empty');
      const [same] = await ctx.db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.agencyId, agency.id), eq(companies.name, name)))
        .limit(1);
      if (same) refuse(`agency "${agency.name}" has a company named "${name}" already (${same.id})`);
      const names = entityNames(args);
      const { set, read } = changesOf(args, null);
      const company = await ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(companies)
          .values({
            agencyId: agency.id,
            name,
            config: DEFAULT_CONFIG,
            ...set,
            checkoutRules: { analytics: [], missionOrders: false, chooseApprover: false, approval: 'never', policy: null, ...read?.rules },
            ...(read?.travelPolicy !== undefined ? { travelPolicy: read.travelPolicy } : {}),
          })
          .returning();
        if (names.length) await tx.insert(entities).values(names.map((n) => ({ companyId: row!.id, name: n })));
        await recordAudit(tx, {
          agencyId: agency.id,
          actor: OPERATOR,
          action: 'company.create',
          target: `company:${row!.id}`,
          detail: { name, entities: names, ...set, ...(read ? { rules: read.rules } : {}) },
        });
        return row!;
      });
      const view = await companyView(ctx.db, company);
      return { json: view, text: `Company created.\n${viewText(view)}` };
    },
  },
  {
    path: ['company', 'update'],
    positionals: ['<company>'],
    summary: 'Change a company: name, new entities, products, flags, rules (the parts the file gives).',
    options: {
      agency: { type: 'string', value: '<agency>', help: 'its agency, when its name is not unique' },
      name: { type: 'string', value: '<name>', help: 'its new name' },
      ...companyOptions,
      entity: { type: 'string', multiple: true, value: '<name>', help: 'an entity to add (rename or remove them in the web app)' },
    },
    notes: ['<company>: its id or exact name.', ...RULES_NOTE],
    async run(ctx, args) {
      const company = await companyNamed(ctx.db, args.positionals[0]!, optionOf(args, 'agency'));
      const newName = optionOf(args, 'name')?.trim();
      if (newName === '') refuse('--name is empty');
      const { set, read } = changesOf(args, company);
      if (newName) set.name = newName;
      const existing = new Set(
        (await ctx.db.select({ name: entities.name }).from(entities).where(eq(entities.companyId, company.id))).map((e) => e.name.toLowerCase()),
      );
      const added = entityNames(args).filter((n) => !existing.has(n.toLowerCase()));
      if (Object.keys(set).length === 0 && !read && valuesOf(args, 'entity').length === 0)
        refuse('nothing to change: give at least one option (see company update --help)');
      await ctx.db.transaction(async (tx) => {
        if (read) set.checkoutRules = sql`${companies.checkoutRules} || ${JSON.stringify(read.rules)}::jsonb` as never;
        if (read?.travelPolicy !== undefined) set.travelPolicy = read.travelPolicy;
        if (Object.keys(set).length) await tx.update(companies).set(set).where(eq(companies.id, company.id));
        if (added.length) await tx.insert(entities).values(added.map((n) => ({ companyId: company.id, name: n })));
        const { checkoutRules: _rules, ...plain } = set;
        await recordAudit(tx, {
          agencyId: company.agencyId,
          actor: OPERATOR,
          action: 'company.update',
          target: `company:${company.id}`,
          detail: { ...plain, ...(added.length ? { addedEntities: added } : {}), ...(read ? { rules: read.rules } : {}) },
        });
      });
      const [updated] = await ctx.db.select().from(companies).where(eq(companies.id, company.id));
      const view = await companyView(ctx.db, updated!);
      return { json: view, text: `Company updated.\n${viewText(view)}` };
    },
  },
  {
    path: ['company', 'show'],
    positionals: ['<company>'],
    summary: 'Show a company: entities, products, flags, single sign-on, rules.',
    options: { agency: { type: 'string', value: '<agency>', help: 'its agency, when its name is not unique' } },
    notes: ['<company>: its id or exact name.'],
    async run(ctx, args) {
      const view = await companyView(ctx.db, await companyNamed(ctx.db, args.positionals[0]!, optionOf(args, 'agency')));
      return { json: view, text: viewText(view) };
    },
  },
  {
    path: ['company', 'list'],
    positionals: [],
    summary: 'List an agency’s client companies.',
    options: { agency: { type: 'string', value: '<agency>', help: 'the agency: id, exact name or host (required)' } },
    async run(ctx, args) {
      const agency = await agencyNamed(ctx.db, optionOf(args, 'agency') ?? refuse('company list needs --agency <agency>'), '--agency');
      const rows = await ctx.db
        .select({ id: companies.id, name: companies.name, sso: companies.sso })
        .from(companies)
        .where(eq(companies.agencyId, agency.id))
        .orderBy(asc(companies.name));
      const list = rows.map((c) => ({ id: c.id, name: c.name, sso: c.sso ? (c.sso.enforced ? 'enforced' : 'yes') : 'no' }));
      return { json: list, text: table(list, `"${agency.name}" has no company yet (company create <name> --agency …).`) };
    },
  },
];
