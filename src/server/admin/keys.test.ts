import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin } from '@test/support/admin';
import { startApi, type Api } from '@test/support/api';
import { auditOf } from '@server/db/audit';
import { agencyApiKeys } from '@server/db/schema';
import { sha256 } from '@server/platform/secrets';
import { hours } from '@server/platform/clock';

/**
 * An agency's integration Api-Keys from the operator tool: shown once, kept as a hash, accepted by the
 * API in place of the web key; a revoked key stops at the next call, a rotated one at the end of its
 * grace period — however recently it was used.
 */

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const agencyName = (apiKey: string) => api.call('GET', '/api/v1/agency', { apiKey }).then((r) => (r.status === 200 ? r.body.result.name : r.status));

describe('agency key', () => {
  it('issues a key shown once and stored as its hash only; the API takes it for its agency', async () => {
    const run = await admin(api.db, ['agency', 'key', 'issue', 'Alpine Business Travel', '--label', 'ERP', '--json'], { clock: api.clock });
    expect(run.code).toBe(0);
    const { key, id, prefix } = run.json;
    expect(key).toMatch(/^esk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(prefix)).toBe(true);
    const [row] = await api.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, id));
    expect(row).toMatchObject({ keyHash: sha256(key), label: 'ERP', revokedAt: null, expiresAt: null });
    expect(JSON.stringify(row)).not.toContain(key);
    expect(await agencyName(key)).toBe('Alpine Business Travel');

    const list = await admin(api.db, ['agency', 'key', 'list', 'Alpine Business Travel', '--json'], { clock: api.clock });
    expect(list.json).toEqual([expect.objectContaining({ id, prefix, label: 'ERP', state: 'active' })]);
    expect(JSON.stringify(list.json)).not.toContain(key);
    const text = await admin(api.db, ['agency', 'key', 'list', 'Alpine Business Travel'], { clock: api.clock });
    expect(text.out).not.toContain(key);
  });

  it('revokes a key: the very next call with it is refused, though it was just used', async () => {
    const { key, prefix } = (await admin(api.db, ['agency', 'key', 'issue', 'Escale Voyages', '--json'], { clock: api.clock })).json;
    expect(await agencyName(key)).toBe('Escale Voyages');
    const run = await admin(api.db, ['agency', 'key', 'revoke', 'Escale Voyages', '--key', prefix], { clock: api.clock });
    expect(run.code).toBe(0);
    expect(run.out).toContain('revoked');
    const refused = await api.call('GET', '/api/v1/agency', { apiKey: key });
    expect(refused.status).toBe(401);
    expect(refused.body.api_code).toBe(7);
    // The web key is another thing: it goes on working.
    expect(await agencyName('demo-agency-key')).toBe('Escale Voyages');
    const again = await admin(api.db, ['agency', 'key', 'revoke', 'Escale Voyages', '--key', prefix], { clock: api.clock });
    expect(again.err).toContain(`error: --key ${prefix} was revoked already`);
  });

  it('rotates a key: the new one works at once, the old one until the end of the grace period', async () => {
    const old = (await admin(api.db, ['agency', 'key', 'issue', 'Escale Voyages', '--label', 'billing', '--json'], { clock: api.clock })).json;
    expect(await agencyName(old.key)).toBe('Escale Voyages');
    const run = await admin(api.db, ['agency', 'key', 'rotate', 'Escale Voyages', '--grace', '24h', '--json'], { clock: api.clock });
    expect(run.err).toBe('');
    const fresh = run.json;
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.label).toBe('billing');
    expect(fresh.replaced).toMatchObject({ prefix: old.prefix, expiresAt: new Date(api.clock.now().getTime() + hours(24)).toISOString() });
    expect(await agencyName(fresh.key)).toBe('Escale Voyages');
    expect(await agencyName(old.key)).toBe('Escale Voyages');
    api.clock.advance(hours(23));
    expect(await agencyName(old.key)).toBe('Escale Voyages');
    api.clock.advance(hours(1));
    expect(await agencyName(old.key)).toBe(401);
    expect(await agencyName(fresh.key)).toBe('Escale Voyages');
    const [row] = await api.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, fresh.id));
    const [last] = await auditOf(api.db, row!.agencyId);
    expect(last).toMatchObject({ actor: 'operator', action: 'apikey.rotate', detail: expect.objectContaining({ replaces: old.prefix }) });
  });

  it.each([
    [['agency', 'key', 'issue', 'Nowhere'], 'error: unknown <agency> "Nowhere"'],
    [['agency', 'key', 'rotate', 'Escale Voyages'], 'error: agency key rotate needs --grace <duration>'],
    [['agency', 'key', 'rotate', 'Escale Voyages', '--grace', 'tomorrow'], 'error: --grace must be a duration such as 30m, 24h or 7d (got "tomorrow")'],
    [['agency', 'key', 'revoke', 'Escale Voyages'], 'error: agency key revoke needs --key <id or prefix>'],
    [['agency', 'key', 'revoke', 'Escale Voyages', '--key', 'esk_nothere'], 'error: --key esk_nothere is not a key of "Escale Voyages"'],
    [['agency', 'key', 'issue', 'Escale Voyages', '--expires', '-1d'], 'error: --expires must be a duration such as 30m, 24h or 7d (got "-1d")'],
  ])('refuses %j', async (argv, message) => {
    const run = await admin(api.db, argv, { clock: api.clock });
    expect(run.code).toBe(1);
    expect(run.err).toContain(message);
  });

  it('records every key change in the agency’s history, without the key', async () => {
    const issued = (await admin(api.db, ['agency', 'key', 'issue', 'Alpine Business Travel', '--label', 'audit', '--json'], { clock: api.clock })).json;
    const [row] = await api.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, issued.id));
    const history = await auditOf(api.db, row!.agencyId);
    expect(history[0]).toMatchObject({
      actor: 'operator',
      action: 'apikey.issue',
      target: `apikey:${issued.id}`,
      detail: { prefix: issued.prefix, label: 'audit' },
    });
    expect(JSON.stringify(history)).not.toContain(issued.key);
  });
});
