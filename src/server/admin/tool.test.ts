import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { spawnAdmin, type AdminRun } from '@test/support/admin';
import { TEMPLATE_DUMP } from '@test/support/databases';
import { openDatabase } from '@server/db/client';
import { agencies, agencyApiKeys, companies, outbox, scimTokens, users } from '@server/db/schema';
import { sha256 } from '@server/platform/secrets';

/**
 * `npm run admin -- …` end to end, one process per command, on a PGlite data directory holding the demo
 * world: the real entry point, its options, its output, its exit code.
 */

let root: string;
let dataDir: string;
const env = () => ({ DATA_DIR: dataDir });
const run = (argv: string[], stdin?: string) => spawnAdmin(argv, env(), stdin);
const ok = (r: AdminRun) => {
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return r;
};

/** Reads the data directory once the tool's process has ended (one process at a time on PGlite). */
async function inDatabase<T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'escale-admin-tool-'));
  dataDir = path.join(root, 'data');
  const db = new PGlite(dataDir, { loadDataDir: new Blob([fs.readFileSync(TEMPLATE_DUMP)]) });
  await db.waitReady;
  await db.close();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const T = { timeout: 60_000 };

describe('npm run admin', () => {
  it('answers --help with exit code 0, and a bad argument with exit code 1 and one line naming it', T, async () => {
    const help = ok(await run(['--help']));
    expect(help.out).toContain('Usage: npm run admin -- <command>');
    const bad = await run(['agency', 'create', 'Jaune', '--brand', '#ffff00']);
    expect(bad.code).toBe(1);
    expect(bad.out).toBe('');
    expect(bad.err).toBe('error: --brand: brand #ffff00 has a contrast of 1.07:1 with white text; WCAG AA needs 4.5:1 (choose a darker shade)\n');
  });

  let webKey: string;
  it('agency create', T, async () => {
    const r = ok(await run(['agency', 'create', 'Voyages Lumière', '--host', 'lumiere.example', '--brand', '#1e3a8a', '--json']));
    webKey = r.json.webKey;
    expect(r.json).toMatchObject({ name: 'Voyages Lumière', hosts: ['lumiere.example'], brandColor: '#1e3a8a' });
    const [row] = await inDatabase((db) => db.select().from(agencies).where(eq(agencies.name, 'Voyages Lumière')));
    expect(row).toMatchObject({ webKey, apiKeyHash: sha256(webKey) });
  });

  it('agency update', T, async () => {
    const r = ok(await run(['agency', 'update', 'lumiere.example', '--support-email', 'aide@lumiere.example', '--lang', 'en']));
    expect(r.out).toContain('Agency updated.');
    expect(r.out).toMatch(/support e-mail:\s+aide@lumiere\.example/);
  });

  it('agency show and agency list', T, async () => {
    expect(ok(await run(['agency', 'show', 'Voyages Lumière', '--json'])).json).toMatchObject({ webKey, defaultLang: 'en' });
    expect(ok(await run(['agency', 'list'])).out).toMatch(/Voyages Lumière\s+lumiere\.example/);
  });

  let firstKey: { key: string; prefix: string };
  it('agency key issue, rotate, list and revoke', T, async () => {
    firstKey = ok(await run(['agency', 'key', 'issue', 'Voyages Lumière', '--label', 'ERP', '--json'])).json;
    const rotated = ok(await run(['agency', 'key', 'rotate', 'Voyages Lumière', '--grace', '1h', '--json'])).json;
    expect(rotated.replaced.prefix).toBe(firstKey.prefix);
    const list = ok(await run(['agency', 'key', 'list', 'Voyages Lumière', '--json'])).json;
    expect(list.map((k: { prefix: string }) => k.prefix)).toEqual([firstKey.prefix, rotated.prefix]);
    ok(await run(['agency', 'key', 'revoke', 'Voyages Lumière', '--key', rotated.prefix]));
    const rows = await inDatabase((db) =>
      db
        .select()
        .from(agencyApiKeys)
        .where(eq(agencyApiKeys.keyHash, sha256(rotated.key))),
    );
    expect(rows[0]!.revokedAt).not.toBeNull();
  });

  it('company create, update, show and list', T, async () => {
    const rules = path.join(root, 'rules.json');
    fs.writeFileSync(rules, JSON.stringify({ approval: 'never', missionOrders: true }));
    const created = ok(
      await run(['company', 'create', 'Lumière Industries', '--agency', 'lumiere.example', '--entity', 'Siège', '--rules', rules, '--json']),
    ).json;
    expect(created.rules).toMatchObject({ missionOrders: true });
    ok(await run(['company', 'update', 'Lumière Industries', '--hotel', 'yes']));
    expect(ok(await run(['company', 'show', created.id, '--json'])).json).toMatchObject({
      hotelEnabled: true,
      entities: [expect.objectContaining({ name: 'Siège' })],
    });
    expect(ok(await run(['company', 'list', '--agency', 'Voyages Lumière'])).out).toContain('Lumière Industries');
    const bad = path.join(root, 'bad.json');
    fs.writeFileSync(bad, '{"approval": "sometimes"}');
    const refused = await run(['company', 'update', 'Lumière Industries', '--rules', bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/^error: --rules .*bad\.json: 1 problem: approval: /);
  });

  it('user invite', T, async () => {
    const r = ok(
      await run([
        'user',
        'invite',
        '--agency',
        'Voyages Lumière',
        '--company',
        'Lumière Industries',
        '--role',
        'travel_manager',
        '--email',
        'louise@lumiere.example',
        '--firstname',
        'Louise',
        '--lastname',
        'Lumière',
      ]),
    );
    // The agency's first host makes the link when PUBLIC_URL is unset.
    expect(r.out).toMatch(/link on:\s+https:\/\/lumiere\.example/);
    expect(r.out).toContain('the developer mailbox');
    const [mail] = await inDatabase((db) => db.select().from(outbox).where(eq(outbox.to, 'louise@lumiere.example')).orderBy(desc(outbox.createdAt)));
    expect(mail!.subject).toBe('Voyages Lumière: Lumière Industries invites you');
    expect(mail!.text).toMatch(/https:\/\/lumiere\.example\/user\/invitation\/\S+/);
    const [user] = await inDatabase((db) => db.select().from(users).where(eq(users.email, 'louise@lumiere.example')));
    expect(user).toMatchObject({ status: 'invited', perms: ['account_creation', 'approval'], lang: 'en' });
  });

  it('sso set, with the secret piped on standard input', T, async () => {
    const r = ok(
      await run(
        ['sso', 'set', 'Lumière Industries', '--issuer', 'https://idp.lumiere.example', '--client-id', 'escale', '--secret-stdin', '--enforced', 'yes'],
        'pipe-secret\n',
      ),
    );
    expect(r.out).toMatch(/enforced:\s+yes/);
    const [company] = await inDatabase((db) => db.select().from(companies).where(eq(companies.name, 'Lumière Industries')));
    expect(company!.sso).toMatchObject({ clientSecret: 'pipe-secret', enforced: true, segment: 'lumiere-industries' });
    const refused = await run(['sso', 'set', 'Lumière Industries', '--secret', 'pipe-secret']);
    expect(refused.code).toBe(1);
    expect(refused.err.split('\n')[0]).toMatch(/^error: --secret is refused/);
  });

  it('scim token issue, list and revoke', T, async () => {
    const issued = ok(await run(['scim', 'token', 'issue', 'Lumière Industries', '--json'])).json;
    expect(ok(await run(['scim', 'token', 'list', 'Lumière Industries'])).out).toContain(issued.prefix);
    ok(await run(['scim', 'token', 'revoke', 'Lumière Industries', '--token', issued.prefix]));
    const [row] = await inDatabase((db) =>
      db
        .select()
        .from(scimTokens)
        .where(eq(scimTokens.tokenHash, sha256(issued.token))),
    );
    expect(row!.revokedAt).not.toBeNull();
  });
});
