import fs from 'node:fs';
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAudit } from '@server/db/audit';
import { companies, type CompanySso } from '@server/db/schema';
import { OPERATOR } from './agency';
import { companyNamed } from './company';
import { agencyLinkOrigin } from './origin';
import { facts, flagOf, optionOf, refuse, yesNo, type AdminContext, type Args, type Command } from './cli';

/**
 * A company's single sign-on (OpenID Connect): its provider, client, scopes and whether password
 * sign-in is still allowed beside it. The client secret is read from standard input or a file, never
 * from the command line (shell history, the process list).
 */

const SEGMENT = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** A provider's issuer: an https:// (or http://) URL, or a path on this server's own origin (the demo provider, `/oidc`). */
function issuerOf(value: string): string {
  const v = value.trim();
  if (/^\/[\w\-/.]*$/.test(v)) return v;
  try {
    const url = new URL(v);
    if ((url.protocol === 'https:' || url.protocol === 'http:') && url.host) return v.replace(/\/$/, '');
  } catch {
    // Reported below, naming the option.
  }
  return refuse(`--issuer "${value}" must be an https:// URL (or a path of this server, such as /oidc for the demo provider)`);
}

function scopesOf(value: string): string {
  const scopes = value.trim().split(/\s+/);
  for (const needed of ['openid', 'email'])
    if (!scopes.includes(needed)) refuse(`--scopes must include ${needed} (users are matched by e-mail): got "${value}"`);
  return scopes.join(' ');
}

async function secretOf(ctx: AdminContext, args: Args): Promise<string | undefined> {
  const file = optionOf(args, 'secret-file');
  const stdin = flagOf(args, 'secret-stdin');
  if (file !== undefined && stdin) return refuse('--secret-stdin and --secret-file cannot go together');
  let secret: string | undefined;
  if (stdin) secret = await ctx.readStdin();
  if (file !== undefined) {
    try {
      secret = fs.readFileSync(file, 'utf8');
    } catch (err) {
      return refuse(`--secret-file ${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
    }
  }
  if (secret === undefined) return undefined;
  secret = secret.trim();
  if (!secret || /\s/.test(secret)) refuse(`${stdin ? '--secret-stdin' : `--secret-file ${file}`}: the client secret must be one word, not empty`);
  return secret;
}

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

const ARGV_SECRET = 'a secret on the command line stays in shell history and the process list: pipe it with --secret-stdin, or give --secret-file <file>';

export const ssoCommands: Command[] = [
  {
    path: ['sso', 'set'],
    positionals: ['<company>'],
    summary: 'Set a company’s single sign-on (OpenID Connect) and whether it is enforced.',
    options: {
      agency: { type: 'string', value: '<agency>', help: 'its agency, when the company’s name is not unique' },
      issuer: { type: 'string', value: '<url>', help: 'the provider’s issuer URL (required the first time)' },
      'client-id': { type: 'string', value: '<id>', help: 'Escale’s client id at the provider (required the first time)' },
      'secret-stdin': { type: 'flag', help: 'read the client secret from standard input' },
      'secret-file': { type: 'string', value: '<file>', help: 'read the client secret from a file' },
      scopes: { type: 'string', value: '"<scopes>"', help: 'asked of the provider (default "openid email profile")' },
      enforced: { type: 'string', value: 'yes|no', help: 'yes: its users sign in only through the provider (no password sign-in, reset or sign-up)' },
      segment: { type: 'string', value: '<name>', help: 'its name in /auth/sso/<segment> (default: from the company name)' },
      // Declared only to refuse them with the reason.
      secret: { type: 'string', value: '-', help: 'refused: ' + ARGV_SECRET },
      'client-secret': { type: 'string', value: '-', help: 'refused, as --secret' },
    },
    notes: [
      '<company>: its id or exact name.',
      'The client secret is required the first time: echo "$SECRET" | npm run admin -- sso set Acme --issuer … --secret-stdin',
      'Later calls change only what they give. Redirect URI to register at the provider: <the agency’s first host, else PUBLIC_URL>/auth/callback.',
    ],
    async run(ctx, args) {
      if (args.options.secret || args.options['client-secret']) refuse(`--${args.options.secret ? 'secret' : 'client-secret'} is refused: ${ARGV_SECRET}`);
      const company = await companyNamed(ctx.db, args.positionals[0]!, optionOf(args, 'agency'));
      const current = company.sso;
      const secret = await secretOf(ctx, args);
      const issuer = optionOf(args, 'issuer');
      const clientId = optionOf(args, 'client-id')?.trim();
      const scopes = optionOf(args, 'scopes');
      const enforced = yesNo(args, 'enforced');
      const segmentValue = optionOf(args, 'segment')?.trim().toLowerCase();
      if (segmentValue !== undefined && !SEGMENT.test(segmentValue))
        refuse(`--segment "${segmentValue}" must be lower-case letters, digits and dashes (at most 40)`);
      if (!current) {
        if (issuer === undefined) refuse('sso set needs --issuer the first time');
        if (!clientId) refuse('sso set needs --client-id the first time');
        if (secret === undefined) refuse('sso set needs the client secret the first time: --secret-stdin or --secret-file <file>');
      }
      if (clientId === '') refuse('--client-id is empty');
      const segment = segmentValue ?? current?.segment ?? slug(company.name);
      if (!SEGMENT.test(segment)) refuse(`the company name gives no usable segment: give --segment <name>`);
      const [other] = await ctx.db
        .select({ name: companies.name })
        .from(companies)
        .where(and(sql`${companies.sso}->>'segment' = ${segment}`, ne(companies.id, company.id)))
        .limit(1);
      if (other) refuse(`--segment ${segment} is the segment of "${other.name}" already`);
      const sso: CompanySso = {
        segment,
        issuer: issuer !== undefined ? issuerOf(issuer) : current!.issuer,
        clientId: clientId ?? current!.clientId,
        clientSecret: secret ?? current!.clientSecret,
        scopes: scopes !== undefined ? scopesOf(scopes) : (current?.scopes ?? 'openid email profile'),
        enforced: enforced ?? current?.enforced ?? false,
      };
      await ctx.db.transaction(async (tx) => {
        await tx.update(companies).set({ sso }).where(eq(companies.id, company.id));
        const { clientSecret: _secret, ...shown } = sso;
        await recordAudit(tx, {
          agencyId: company.agencyId,
          actor: OPERATOR,
          action: 'sso.update',
          target: `company:${company.id}`,
          detail: { ...shown, ...(secret !== undefined ? { clientSecret: 'replaced' } : {}) },
        });
      });
      const origin = (await agencyLinkOrigin(ctx, company.agencyId)) ?? '<PUBLIC_URL>';
      const view = {
        company: company.name,
        segment,
        issuer: sso.issuer,
        clientId: sso.clientId,
        scopes: sso.scopes,
        enforced: sso.enforced,
        redirectUri: `${origin}/auth/callback`,
      };
      return {
        json: view,
        text: `Single sign-on set.\n${facts([
          ['company', company.name],
          ['issuer', sso.issuer],
          ['client id', sso.clientId],
          ['scopes', sso.scopes],
          ['enforced', sso.enforced ? 'yes: password sign-in refused' : 'no: password sign-in allowed too'],
          ['segment', segment],
          ['redirect URI', view.redirectUri],
        ])}`,
      };
    },
  },
];
