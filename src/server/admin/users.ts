import { and, desc, eq, isNull } from 'drizzle-orm';
import { apiCode } from '@contract/api-codes';
import { langSchema } from '@contract/account';
import { recordAudit } from '@server/db/audit';
import { outbox } from '@server/db/schema';
import { invitePerson } from '@server/invitations/invitations';
import { ApiError } from '@server/platform/errors';
import { OPERATOR, agencyNamed, type AgencyRecord } from './agency';
import { companyNamed } from './company';
import { agencyLinkOrigin } from './origin';
import { facts, optionOf, refuse, type AdminContext, type Command } from './cli';

/**
 * Inviting an agency's first people: a client company's travel manager, the agency's travel agents,
 * assistance agents and administrators. Each gets an e-mail with a link where they choose their own
 * password: no password is ever given on a command line.
 */

export const ROLES = ['travel_manager', 'travel_agent', 'assistance_agent', 'agency_admin'] as const;
type Role = (typeof ROLES)[number];

/** A travel manager manages their company's people and rules and approves; staff hold their role as their permission. */
const permsOf = (role: Role) => (role === 'travel_manager' ? ['account_creation', 'approval'] : [role]);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The origin of the e-mailed link (origin.ts); production with neither a host nor PUBLIC_URL has none. */
const originFor = async (ctx: AdminContext, agency: AgencyRecord): Promise<string> =>
  (await agencyLinkOrigin(ctx, agency.id)) ??
  refuse(`no origin for the invitation link: set PUBLIC_URL or give "${agency.name}" a host (agency update --host)`);

/** Where the e-mail went, in words: sent by SMTP now, waiting in the outbox for the server, or in the demo's developer mailbox. */
async function deliver(ctx: AdminContext, to: string, origin: string): Promise<{ delivery: 'smtp' | 'outbox' | 'mailbox'; where: string }> {
  if (!ctx.mailer.deliver) return { delivery: 'mailbox', where: `the developer mailbox, ${origin}/dev/mailbox (demo mode: no SMTP_URL)` };
  const [mail] = await ctx.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.to, to), isNull(outbox.sentAt)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  try {
    if (mail) await ctx.mailer.deliver(ctx.db, mail.id);
    return { delivery: 'smtp', where: `sent to ${to} by SMTP` };
  } catch (err) {
    // Its deliver-mail job is queued with it: the running server retries.
    return { delivery: 'outbox', where: `kept in the outbox (SMTP refused it: ${String(err).split('\n')[0]}); the server's job retries it` };
  }
}

export const userCommands: Command[] = [
  {
    path: ['user', 'invite'],
    positionals: [],
    summary: 'Invite a person by e-mail: a travel manager of a company, or agency staff; they choose their own password.',
    options: {
      agency: { type: 'string', value: '<agency>', help: 'the agency: id, exact name or host (required)' },
      company: { type: 'string', value: '<company>', help: 'the company of a travel manager: id or exact name' },
      role: { type: 'string', value: ROLES.join('|'), help: 'what they will be (required)' },
      email: { type: 'string', value: '<address>', help: 'where the invitation goes; also their username (required)' },
      firstname: { type: 'string', value: '<name>', help: 'their first name (required)' },
      lastname: { type: 'string', value: '<name>', help: 'their last name (required)' },
      lang: { type: 'string', value: 'fr|en', help: 'the language of the e-mail and their account (default: the agency’s)' },
    },
    notes: [
      'travel_manager: needs --company; manages its people, entities, rules and approves (perms account_creation, approval).',
      'travel_agent, assistance_agent, agency_admin: the agency’s own staff, without a company.',
      'The link opens the agency’s first host (with PUBLIC_URL’s scheme and port; without PUBLIC_URL over https), else',
      'PUBLIC_URL (demo mode without either: http://localhost:$PORT). With SMTP_URL the e-mail is sent now; in demo mode it lands in the',
      'developer mailbox (/dev/mailbox of the running server). The link works 7 days; inviting again sends a fresh one.',
    ],
    async run(ctx, args) {
      if (ctx.configProblem) refuse(ctx.configProblem);
      const required = (key: string) => optionOf(args, key)?.trim() || refuse(`user invite needs --${key}`);
      const agency = await agencyNamed(ctx.db, required('agency'), '--agency');
      const roleValue = required('role');
      if (!(ROLES as readonly string[]).includes(roleValue)) refuse(`--role must be one of ${ROLES.join(', ')} (got "${roleValue}")`);
      const role = roleValue as Role;
      const email = required('email').toLowerCase();
      if (!EMAIL.test(email)) refuse(`--email "${email}" is not an e-mail address`);
      const firstname = required('firstname');
      const lastname = required('lastname');
      const langValue = optionOf(args, 'lang');
      const lang =
        langValue === undefined ? agency.defaultLang : (langSchema.safeParse(langValue).data ?? refuse(`--lang must be fr or en (got "${langValue}")`));
      const companyRef = optionOf(args, 'company');
      if (role === 'travel_manager' && !companyRef) refuse('--role travel_manager needs --company <company>');
      if (role !== 'travel_manager' && companyRef) refuse(`--company is for a travel_manager only: a ${role} is the agency's own staff`);
      const company = companyRef ? await companyNamed(ctx.db, companyRef, agency.id, '--company') : null;
      const origin = await originFor(ctx, agency);
      const place = company?.name ?? agency.name;
      let user;
      try {
        user = await invitePerson(
          ctx.db,
          { clock: ctx.clock, mailer: ctx.mailer },
          { agency, origin, name: agency.name },
          place,
          { companyId: company?.id ?? null, email, firstname, lastname, perms: permsOf(role), lang },
          (tx, invitee) =>
            recordAudit(tx, {
              agencyId: agency.id,
              actor: OPERATOR,
              action: role === 'travel_manager' ? 'user.invite' : 'staff.invite',
              target: `user:${invitee.id}`,
              detail: { email, role, company: company?.name ?? null },
            }),
        );
      } catch (err) {
        if (err instanceof ApiError && err.code === apiCode.EMAIL_IN_USE)
          return refuse(`--email ${email} is used by another account of "${agency.name}" (not an invitation pending for the same place)`);
        if (err instanceof ApiError && err.code === apiCode.USER_EXISTS) return refuse(`--email ${email}: the username is taken in "${agency.name}"`);
        throw err;
      }
      const mail = await deliver(ctx, email, origin);
      const view = {
        id: user.id,
        username: user.username,
        email,
        role,
        agency: agency.name,
        company: company?.name ?? null,
        status: user.status,
        origin,
        ...mail,
      };
      return {
        json: view,
        text: `Invitation sent.\n${facts([
          ['user', `${firstname} ${lastname} (${user.id})`],
          ['username', user.username],
          ['role', role],
          ['company', company?.name ?? null],
          ['link on', origin],
          ['e-mail', mail.where],
        ])}`,
      };
    },
  },
];
