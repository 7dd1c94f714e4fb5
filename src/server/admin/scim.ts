import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '@server/db/audit';
import { scimTokens } from '@server/db/schema';
import { newToken, sha256 } from '@server/platform/secrets';
import { OPERATOR, isUuid } from './agency';
import { companyNamed } from './company';
import { facts, optionOf, refuse, table, type Command } from './cli';

/**
 * A company's SCIM 2.0 bearer tokens: its identity provider creates and deactivates its users at
 * /scim/v2 with one. Only the sha256 is kept, the token is printed once; a revoked one stops at once.
 */

const newScimToken = () => `scim_${newToken()}`;
const prefixOf = (token: string) => token.slice(0, 13);

type TokenRow = typeof scimTokens.$inferSelect;
const tokenView = (t: TokenRow) => ({
  id: t.id,
  prefix: t.prefix,
  state: t.revokedAt ? 'revoked' : 'active',
  createdAt: t.createdAt.toISOString(),
  revokedAt: t.revokedAt?.toISOString() ?? null,
});

const agencyOption = { type: 'string', value: '<agency>', help: 'its agency, when the company’s name is not unique' } as const;

export const scimCommands: Command[] = [
  {
    path: ['scim', 'token', 'issue'],
    positionals: ['<company>'],
    summary: 'Issue a SCIM bearer token for a company’s identity provider; prints it once.',
    options: { agency: agencyOption },
    notes: ['<company>: its id or exact name. The provider calls <PUBLIC_URL>/scim/v2 with "Authorization: Bearer <token>".'],
    async run(ctx, args) {
      const company = await companyNamed(ctx.db, args.positionals[0]!, optionOf(args, 'agency'));
      const token = newScimToken();
      const row = await ctx.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(scimTokens)
          .values({ companyId: company.id, tokenHash: sha256(token), prefix: prefixOf(token) })
          .returning();
        await recordAudit(tx, {
          agencyId: company.agencyId,
          actor: OPERATOR,
          action: 'scim.token.issue',
          target: `company:${company.id}`,
          detail: { prefix: inserted!.prefix },
        });
        return inserted!;
      });
      const baseUrl = `${ctx.config.publicUrl ?? '<PUBLIC_URL>'}/scim/v2`;
      const view = { company: company.name, token, baseUrl, ...tokenView(row) };
      return {
        json: view,
        text: `${facts([
          ['company', company.name],
          ['SCIM token', token],
          ['id', row.id],
          ['SCIM base URL', baseUrl],
        ])}\nKeep it now: it is shown only this once (only its hash is stored).`,
      };
    },
  },
  {
    path: ['scim', 'token', 'revoke'],
    positionals: ['<company>'],
    summary: 'Revoke a company’s SCIM token: it stops at once.',
    options: { token: { type: 'string', value: '<id|prefix>', help: 'the token to revoke (required; scim token list)' }, agency: agencyOption },
    notes: ['<company>: its id or exact name.'],
    async run(ctx, args) {
      const ref = optionOf(args, 'token') ?? refuse('scim token revoke needs --token <id or prefix> (scim token list)');
      const company = await companyNamed(ctx.db, args.positionals[0]!, optionOf(args, 'agency'));
      const tokens = await ctx.db.select().from(scimTokens).where(eq(scimTokens.companyId, company.id));
      const found = tokens.filter((t) => (isUuid(ref) && t.id === ref) || t.prefix === ref);
      if (found.length !== 1) refuse(`--token ${ref} is not a SCIM token of "${company.name}" (scim token list shows their ids and prefixes)`);
      const token = found[0]!;
      if (token.revokedAt) refuse(`--token ${ref} was revoked already, at ${token.revokedAt.toISOString()}`);
      const now = ctx.clock.now();
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(scimTokens)
          .set({ revokedAt: now })
          .where(and(eq(scimTokens.id, token.id), isNull(scimTokens.revokedAt)));
        await recordAudit(tx, {
          agencyId: company.agencyId,
          actor: OPERATOR,
          action: 'scim.token.revoke',
          target: `company:${company.id}`,
          detail: { prefix: token.prefix },
        });
      });
      const view = { company: company.name, ...tokenView({ ...token, revokedAt: now }) };
      return { json: view, text: `SCIM token ${token.prefix}… of "${company.name}" revoked: it no longer works.` };
    },
  },
  {
    path: ['scim', 'token', 'list'],
    positionals: ['<company>'],
    summary: 'List a company’s SCIM tokens (prefixes and states, never the tokens).',
    options: { agency: agencyOption },
    notes: ['<company>: its id or exact name.'],
    async run(ctx, args) {
      const company = await companyNamed(ctx.db, args.positionals[0]!, optionOf(args, 'agency'));
      const list = (await ctx.db.select().from(scimTokens).where(eq(scimTokens.companyId, company.id)).orderBy(asc(scimTokens.createdAt))).map(tokenView);
      return { json: list, text: table(list, `"${company.name}" has no SCIM token (scim token issue).`) };
    },
  },
];
