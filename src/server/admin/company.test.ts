import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin } from '@test/support/admin';
import { startApi, type Api } from '@test/support/api';
import { auditOf } from '@server/db/audit';
import { companies, entities } from '@server/db/schema';

/**
 * Client companies from the operator tool: entities, products, flags, and the checkout rules and travel
 * policy of a JSON file checked by the contract's schemas, every problem named by its JSON path.
 */

let api: Api;
let dir: string;
beforeAll(async () => {
  api = await startApi();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-admin-rules-'));
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const file = (name: string, content: unknown) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
};

const RULES = {
  analytics: {
    fields: [
      {
        name: 'cost_center',
        label: { fr: 'Centre de coût', en: 'Cost centre' },
        level: 'travel',
        required: true,
        values: ['R&D', 'Ventes'],
        valueCodes: ['RD', 'VT'],
        regex: null,
        regexDesc: null,
      },
    ],
  },
  travelPolicy: {
    policy: {
      rail: {
        firstClassFromMinutes: 180,
        maxPriceByDistance: [
          { upToKm: 500, maxPrice: 15_000 },
          { upToKm: null, maxPrice: 25_000 },
        ],
      },
      flight: { onlyAboveRailMinutes: 240, cabins: ['economy'] },
      hotel: { maxNightly: 12_000, classes: [{ maxNightly: 18_000, cities: ['city:paris'] }] },
      car: { categories: ['Citadine', 'Compact'], maxDaily: 8_000 },
    },
    text: 'Le train d’abord.',
  },
  approval: 'non_compliant',
  chooseApprover: false,
  missionOrders: true,
  payment: { card: true },
};

describe('company create', () => {
  it('creates a company with entities, products, flags and rules; show prints the rules back as the file gave them', async () => {
    const run = await admin(api.db, [
      'company',
      'create',
      'Vandelay',
      '--agency',
      'Escale Voyages',
      '--entity',
      'Siège',
      '--entity',
      'Usine de Lyon',
      '--hotel',
      'yes',
      '--car',
      'no',
      '--feature',
      'cartWithTravelID=true',
      '--rules',
      file('rules.json', RULES),
      '--json',
    ]);
    expect(run.err).toBe('');
    expect(run.json).toMatchObject({
      name: 'Vandelay',
      agency: 'Escale Voyages',
      hotelEnabled: true,
      carrentalEnabled: false,
      features: { cartWithTravelID: true },
      sso: null,
      people: 0,
    });
    expect(run.json.entities.map((e: { name: string }) => e.name)).toEqual(['Siège', 'Usine de Lyon']);
    expect(run.json.rules).toEqual(RULES);
    const [row] = await api.db.select().from(companies).where(eq(companies.id, run.json.id));
    expect(row!.checkoutRules.policy!.hotel).toEqual({ maxNightly: 12_000, maxNightlyByCity: { paris: 18_000 } });
    expect(row!.travelPolicy).toBe('Le train d’abord.');
    const [event] = await auditOf(api.db, row!.agencyId);
    expect(event).toMatchObject({ actor: 'operator', action: 'company.create', target: `company:${row!.id}` });
  });

  it('creates a company with no rules: nothing asked at checkout, nothing to approve', async () => {
    const run = await admin(api.db, ['company', 'create', 'Hooli', '--agency', 'Alpine Business Travel', '--json']);
    expect(run.code).toBe(0);
    expect(run.json.rules).toMatchObject({ analytics: { fields: [] }, travelPolicy: { policy: null, text: null }, approval: 'never', missionOrders: false });
  });

  it('prints every problem of a rules file with its JSON path, and creates nothing', async () => {
    const bad = {
      ...RULES,
      analytics: { fields: [{ ...RULES.analytics.fields[0], name: 'Cost Center' }] },
      travelPolicy: {
        ...RULES.travelPolicy,
        policy: {
          ...RULES.travelPolicy.policy,
          rail: { firstClassFromMinutes: 180, maxPriceByDistance: [{ upToKm: 500, maxPrice: 0 }] },
          flight: { onlyAboveRailMinutes: 240, cabins: ['first'] },
        },
      },
      approvals: 'always',
    };
    const before = await api.db.$count(companies);
    const run = await admin(api.db, ['company', 'create', 'Soylent', '--agency', 'Escale Voyages', '--rules', file('bad.json', bad)]);
    expect(run.code).toBe(1);
    const line = run.err.trim();
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toContain(`error: --rules ${path.join(dir, 'bad.json')}: 4 problems:`);
    expect(line).toContain('analytics.fields[0].name: FORMAT_INVALID');
    expect(line).toContain('travelPolicy.policy.rail.maxPriceByDistance[0].maxPrice: AMOUNT_INVALID');
    expect(line).toContain('travelPolicy.policy.flight.cabins[0]:');
    expect(line).toContain('(the whole file): Unrecognized key: "approvals"');
    const json = await admin(api.db, ['company', 'create', 'Soylent', '--agency', 'Escale Voyages', '--rules', file('bad.json', bad), '--json']);
    expect(JSON.parse(json.err).problems).toContainEqual({ path: 'analytics.fields[0].name', message: 'FORMAT_INVALID' });
    expect(await api.db.$count(companies)).toBe(before);
  });

  it('refuses a pattern the linear-time engine cannot run (a backreference), by its path', async () => {
    const field = { ...RULES.analytics.fields[0], name: 'badge', values: [], valueCodes: [], regex: '^(a)\\1$', regexDesc: { fr: 'x', en: 'x' } };
    const before = await api.db.$count(companies);
    const run = await admin(api.db, [
      'company',
      'create',
      'Soylent',
      '--agency',
      'Escale Voyages',
      '--rules',
      file('re.json', { analytics: { fields: [field] } }),
    ]);
    expect(run.code).toBe(1);
    expect(run.err).toContain('analytics.fields[0].regex: REGEX_INVALID');
    expect(await api.db.$count(companies)).toBe(before);
  });

  it('names a hotel city the reference data does not know by its path', async () => {
    const rules = {
      travelPolicy: {
        ...RULES.travelPolicy,
        policy: { ...RULES.travelPolicy.policy, hotel: { maxNightly: 10_000, classes: [{ maxNightly: 15_000, cities: ['city:paris', 'city:atlantis'] }] } },
      },
    };
    const run = await admin(api.db, ['company', 'create', 'Soylent', '--agency', 'Escale Voyages', '--rules', file('city.json', rules)]);
    expect(run.err).toContain('travelPolicy.policy.hotel.classes[0].cities[1]: unknown city "city:atlantis"');
  });

  it.each([
    [['company', 'create', 'Soylent', '--agency', 'Escale Voyages', '--rules', 'NOT_JSON'], 'not JSON'],
    [['company', 'create', 'Soylent'], 'error: company create needs --agency <agency>'],
    [['company', 'create', 'Soylent', '--agency', 'Nowhere'], 'error: unknown --agency "Nowhere"'],
    [['company', 'create', 'Vandelay', '--agency', 'Escale Voyages'], 'error: agency "Escale Voyages" has a company named "Vandelay" already'],
    [['company', 'create', 'Soylent', '--agency', 'Escale Voyages', '--hotel', 'maybe'], 'error: --hotel must be yes or no (got "maybe")'],
    [['company', 'show', 'Nowhere Inc'], 'error: unknown <company> "Nowhere Inc"'],
    [['company', 'update', 'Nowhere Inc', '--hotel', 'no'], 'error: unknown <company> "Nowhere Inc"'],
    [['company', 'list'], 'error: company list needs --agency <agency>'],
  ])('refuses %j', async (argv, message) => {
    const args = argv.map((a) => (a === 'NOT_JSON' ? file('broken.json', '{ "approval": "never", }') : a));
    const run = await admin(api.db, args);
    expect(run.code).toBe(1);
    expect(run.err.trim().split('\n')).toHaveLength(1);
    expect(run.err).toContain(message);
  });
});

describe('company update, show, list', () => {
  it('renames, adds entities, changes products and only the parts of the rules the file gives', async () => {
    const run = await admin(api.db, [
      'company',
      'update',
      'Vandelay',
      '--name',
      'Vandelay SA',
      '--entity',
      'Bureau de Nantes',
      '--entity',
      'siège',
      '--car',
      'yes',
      '--rules',
      file('approval.json', { approval: 'always', chooseApprover: true }),
      '--json',
    ]);
    expect(run.err).toBe('');
    expect(run.json).toMatchObject({ name: 'Vandelay SA', carrentalEnabled: true, hotelEnabled: true });
    // An entity already there (case aside) is not added twice.
    expect(run.json.entities.map((e: { name: string }) => e.name)).toEqual(['Bureau de Nantes', 'Siège', 'Usine de Lyon']);
    expect(run.json.rules).toEqual({ ...RULES, approval: 'always', chooseApprover: true });
    expect(await api.db.$count(entities, eq(entities.companyId, run.json.id))).toBe(3);
  });

  it('shows a company by id or name, and lists an agency’s companies', async () => {
    const byName = await admin(api.db, ['company', 'show', 'Vandelay SA', '--json']);
    const byId = await admin(api.db, ['company', 'show', byName.json.id, '--agency', 'Escale Voyages', '--json']);
    expect(byId.json).toEqual(byName.json);
    const list = await admin(api.db, ['company', 'list', '--agency', 'Escale Voyages', '--json']);
    expect(list.json.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['Vandelay SA', 'Globex Consulting']));
    expect(list.json.find((c: { name: string }) => c.name === 'Globex Consulting').sso).toBe('yes');
    // Another agency's company is not found under this one.
    const elsewhere = await admin(api.db, ['company', 'show', 'Hooli', '--agency', 'Escale Voyages']);
    expect(elsewhere.err).toBe(
      'error: unknown <company> "Hooli" in agency "Escale Voyages" (a company\'s id or exact name: see company list --agency <agency>)\n',
    );
  });
});
