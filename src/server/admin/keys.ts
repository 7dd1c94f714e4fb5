import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { recordAudit } from '@server/db/audit';
import { agencyApiKeys } from '@server/db/schema';
import { newToken, sha256 } from '@server/platform/secrets';
import { OPERATOR, agencyNamed, isUuid, type AgencyRecord } from './agency';
import { facts, optionOf, parseDuration, refuse, table, type Command } from './cli';

/**
 * An agency's integration Api-Keys: secrets its own systems send instead of the web key. Only their
 * sha256 is kept; the key is printed once, when issued. Tenancy (platform/tenancy.ts) looks them up on
 * every call, so a revoked key, or a rotated one past its grace period, stops at once.
 */

type KeyRow = typeof agencyApiKeys.$inferSelect;

/** `esk_` and 43 random base64url characters (32 bytes). */
const newApiKey = () => `esk_${newToken()}`;
/** What a list shows of a key: enough to recognise it, far too little to use it. */
const prefixOf = (key: string) => key.slice(0, 12);

const stateOf = (key: KeyRow, now: Date) =>
  key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt <= now ? 'expired' : key.expiresAt ? `active until ${key.expiresAt.toISOString()}` : 'active';

const keyView = (key: KeyRow, now: Date) => ({
  id: key.id,
  prefix: key.prefix,
  label: key.label,
  state: stateOf(key, now),
  createdAt: key.createdAt.toISOString(),
  expiresAt: key.expiresAt?.toISOString() ?? null,
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

const isActive = (key: KeyRow, now: Date) => !key.revokedAt && (!key.expiresAt || key.expiresAt > now);

const keysOf = (db: Db, agencyId: string) => db.select().from(agencyApiKeys).where(eq(agencyApiKeys.agencyId, agencyId)).orderBy(asc(agencyApiKeys.createdAt));

/** The key `--key` names (its id or its prefix), among the agency's; or its only active key when `--key` is optional and absent. */
async function keyNamed(db: Db, agency: AgencyRecord, ref: string | undefined, now: Date, command: string): Promise<KeyRow> {
  const keys = await keysOf(db, agency.id);
  if (ref === undefined) {
    const active = keys.filter((k) => isActive(k, now));
    if (active.length === 1) return active[0]!;
    return refuse(`${command} needs --key <id or prefix>: "${agency.name}" has ${active.length} active keys (agency key list)`);
  }
  const found = keys.filter((k) => (isUuid(ref) && k.id === ref) || k.prefix === ref);
  if (found.length !== 1) return refuse(`--key ${ref} is not a key of "${agency.name}" (agency key list shows their ids and prefixes)`);
  return found[0]!;
}

async function issue(db: Db, agency: AgencyRecord, label: string, expiresAt: Date | null, action: string, extra: Record<string, unknown> = {}) {
  const key = newApiKey();
  const [row] = await db
    .insert(agencyApiKeys)
    .values({ agencyId: agency.id, keyHash: sha256(key), prefix: prefixOf(key), label, expiresAt })
    .returning();
  await recordAudit(db, { agencyId: agency.id, actor: OPERATOR, action, target: `apikey:${row!.id}`, detail: { prefix: row!.prefix, label, ...extra } });
  return { key, row: row! };
}

const ONCE = 'Keep it now: it is shown only this once (only its hash is stored).';

export const keyCommands: Command[] = [
  {
    path: ['agency', 'key', 'issue'],
    positionals: ['<agency>'],
    summary: 'Issue an integration Api-Key for the agency; prints it once.',
    options: {
      label: { type: 'string', value: '<label>', help: 'what it is for, shown in lists (default: integration)' },
      expires: { type: 'string', value: '<duration>', help: 'stop it after this long (e.g. 90d); default: never' },
    },
    notes: ['<agency>: its id, exact name or one of its hosts.'],
    async run(ctx, args) {
      const agency = await agencyNamed(ctx.db, args.positionals[0]!, '<agency>');
      const label = optionOf(args, 'label')?.trim() || 'integration';
      const expires = optionOf(args, 'expires');
      const now = ctx.clock.now();
      const expiresAt = expires === undefined ? null : new Date(now.getTime() + parseDuration(expires, 'expires'));
      const { key, row } = await ctx.db.transaction((tx) => issue(tx, agency, label, expiresAt, 'apikey.issue'));
      const view = { agency: agency.name, key, ...keyView(row, now) };
      return {
        json: view,
        text: `${facts([
          ['agency', agency.name],
          ['Api-Key', key],
          ['id', row.id],
          ['label', label],
          ['expires', view.expiresAt],
        ])}\n${ONCE}`,
      };
    },
  },
  {
    path: ['agency', 'key', 'rotate'],
    positionals: ['<agency>'],
    summary: 'Issue a new key in place of an old one, which keeps working for the grace period, then stops.',
    options: {
      key: { type: 'string', value: '<id|prefix>', help: 'the key to replace (needed when the agency has several active keys)' },
      grace: { type: 'string', value: '<duration>', help: 'how long the old key keeps working, e.g. 24h, 30m, 7d (required; 0m stops it now)' },
    },
    notes: ['<agency>: its id, exact name or one of its hosts.'],
    async run(ctx, args) {
      const grace = optionOf(args, 'grace') ?? refuse('agency key rotate needs --grace <duration> (e.g. --grace 24h)');
      const graceMs = parseDuration(grace, 'grace');
      const agency = await agencyNamed(ctx.db, args.positionals[0]!, '<agency>');
      const now = ctx.clock.now();
      const old = await keyNamed(ctx.db, agency, optionOf(args, 'key'), now, 'agency key rotate');
      if (!isActive(old, now)) refuse(`--key ${old.prefix} is ${stateOf(old, now)}: only an active key is rotated (issue a new one instead)`);
      const oldExpiresAt = new Date(now.getTime() + graceMs);
      const { key, row } = await ctx.db.transaction(async (tx) => {
        // The earlier of its own expiry and the end of the grace period.
        const expiresAt = old.expiresAt && old.expiresAt < oldExpiresAt ? old.expiresAt : oldExpiresAt;
        await tx.update(agencyApiKeys).set({ expiresAt }).where(eq(agencyApiKeys.id, old.id));
        return issue(tx, agency, old.label, null, 'apikey.rotate', { replaces: old.prefix, oldKeyExpiresAt: expiresAt.toISOString() });
      });
      const [oldNow] = await ctx.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.id, old.id));
      const view = { agency: agency.name, key, ...keyView(row, now), replaced: keyView(oldNow!, now) };
      return {
        json: view,
        text: `${facts([
          ['agency', agency.name],
          ['new Api-Key', key],
          ['id', row.id],
          ['old key', `${old.prefix}… works until ${oldNow!.expiresAt!.toISOString()}`],
        ])}\n${ONCE}`,
      };
    },
  },
  {
    path: ['agency', 'key', 'revoke'],
    positionals: ['<agency>'],
    summary: 'Revoke an integration key: it stops at once, in a running server too.',
    options: { key: { type: 'string', value: '<id|prefix>', help: 'the key to revoke (required)' } },
    notes: ['<agency>: its id, exact name or one of its hosts. The web key cannot be revoked (it is public).'],
    async run(ctx, args) {
      const ref = optionOf(args, 'key') ?? refuse('agency key revoke needs --key <id or prefix> (agency key list)');
      const agency = await agencyNamed(ctx.db, args.positionals[0]!, '<agency>');
      const now = ctx.clock.now();
      const key = await keyNamed(ctx.db, agency, ref, now, 'agency key revoke');
      if (key.revokedAt) refuse(`--key ${ref} was revoked already, at ${key.revokedAt.toISOString()}`);
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(agencyApiKeys)
          .set({ revokedAt: now })
          .where(and(eq(agencyApiKeys.id, key.id), isNull(agencyApiKeys.revokedAt)));
        await recordAudit(tx, { agencyId: agency.id, actor: OPERATOR, action: 'apikey.revoke', target: `apikey:${key.id}`, detail: { prefix: key.prefix } });
      });
      const view = { agency: agency.name, ...keyView({ ...key, revokedAt: now }, now) };
      return { json: view, text: `Key ${key.prefix}… of "${agency.name}" revoked: it no longer works.` };
    },
  },
  {
    path: ['agency', 'key', 'list'],
    positionals: ['<agency>'],
    summary: 'List the agency’s integration keys (prefixes and states, never the keys).',
    options: {},
    notes: ['<agency>: its id, exact name or one of its hosts.'],
    async run(ctx, args) {
      const agency = await agencyNamed(ctx.db, args.positionals[0]!, '<agency>');
      const now = ctx.clock.now();
      const list = (await keysOf(ctx.db, agency.id)).map((k) => keyView(k, now));
      return {
        json: list,
        text: table(
          list.map(({ id, prefix, label, state, createdAt }) => ({ id, prefix, label, state, createdAt })),
          `"${agency.name}" has no integration key (agency key issue).`,
        ),
      };
    },
  },
];
