import { ConfigError, loadConfig } from '@server/config';
import type { Database } from '@server/db/client';
import { systemClock, type Clock } from '@server/platform/clock';
import { outboxMailer, smtpMailer, type Mailer } from '@server/platform/mail';
import { agencyCommands } from './agency';
import { backupCommands } from './backup';
import { AdminError, commandHelp, findCommand, listHelp, parseArgs, type AdminContext, type Command, type ToolConfig } from './cli';
import { companyCommands } from './company';
import { openMigrated } from './database';
import { keyCommands } from './keys';
import { scimCommands } from './scim';
import { ssoCommands } from './sso';
import { userCommands } from './users';

/** Every command of `npm run admin`, in the order the help lists them. */
export const COMMANDS: Command[] = [...agencyCommands, ...keyCommands, ...companyCommands, ...userCommands, ...ssoCommands, ...scimCommands, ...backupCommands];

const PREAMBLE = [
  'Escale operator tool: agencies, their keys, companies, first people, single sign-on, SCIM, backups.',
  'It works on the database the server uses: DATABASE_URL (PostgreSQL), else the PGlite directory DATA_DIR',
  '(default ./data; stop the server first: PGlite takes one process at a time). It migrates the database before',
  'each command (not before backup and restore) and never needs the server to run. Exit code 0, or 1 with one line',
  'on standard error naming what is wrong. Every change is recorded in the agency’s history as made by "operator".',
  'For a script: npm run -s admin -- <command> --json (-s keeps npm’s own lines out of the output).',
  '',
];

export type AdminIo = {
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  /** Tests: a database (migrated) to use instead of the configured one, the clock and the mailer. */
  database?: Database;
  clock?: Clock;
  mailer?: Mailer;
};

/** The server's configuration as the tool needs it; a configuration the server would refuse is kept as a problem for the commands that send e-mail. */
export function toolConfig(env: NodeJS.ProcessEnv): { config: ToolConfig; problem: string | null } {
  const pick = (c: ReturnType<typeof loadConfig>, production: boolean): ToolConfig => ({
    dataDir: c.dataDir,
    databaseUrl: c.databaseUrl,
    production,
    publicUrl: c.publicUrl,
    smtpUrl: c.smtpUrl,
    mailFrom: c.mailFrom,
    port: c.port,
  });
  try {
    const c = loadConfig(env);
    return { config: pick(c, c.production), problem: null };
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const keep = ['DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM', 'PORT'] as const;
    const only: NodeJS.ProcessEnv = { DEMO: '1' };
    for (const key of keep) if (env[key] !== undefined) only[key] = env[key];
    let c: ReturnType<typeof loadConfig>;
    try {
      c = loadConfig(only);
    } catch (inner) {
      throw new AdminError((inner as Error).message);
    }
    const production = env.NODE_ENV === 'production' || (!!env.DATABASE_URL?.trim() && env.DEMO !== '1');
    return { config: pick(c, production), problem: err.message };
  }
}

const firstLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0];

/** Runs one command line; answers its exit code. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const json = argv.includes('--json');
  const failWith = (err: unknown) => {
    const message = firstLine(err);
    const problems = (err as { problems?: unknown }).problems;
    io.stderr(json ? JSON.stringify({ error: message, ...(problems ? { problems } : {}) }) : `error: ${message}`);
    return 1;
  };
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(listHelp(COMMANDS, [], PREAMBLE));
    return argv.length === 0 ? 1 : 0;
  }
  const found = findCommand(COMMANDS, argv);
  if (!('command' in found)) {
    if (wantsHelp && found.prefix.length) {
      io.stdout(listHelp(COMMANDS, found.prefix));
      return 0;
    }
    if (found.prefix.length) {
      const next = [...new Set(COMMANDS.filter((c) => found.prefix.every((w, i) => c.path[i] === w)).map((c) => c.path[found.prefix.length]))];
      const given = argv[found.prefix.length];
      const what = given === undefined || given.startsWith('--') ? 'needs a command' : `has no command "${given}"`;
      return failWith(new AdminError(`"${found.prefix.join(' ')}" ${what}: ${next.join(', ')} (see npm run admin -- ${found.prefix.join(' ')} --help)`));
    }
    return failWith(new AdminError(`unknown command "${argv[0]}" (see npm run admin -- --help)`));
  }
  const { command, rest } = found;
  let database: Database | null = null;
  try {
    const args = parseArgs(command, rest);
    if (args.options.help) {
      io.stdout(commandHelp(command));
      return 0;
    }
    const { config, problem } = toolConfig(io.env);
    const mailer = io.mailer ?? (config.smtpUrl ? await smtpMailer(config.smtpUrl, config.mailFrom, () => undefined) : outboxMailer);
    if (io.database) database = io.database;
    else if (command.database !== 'none') database = await openMigrated(config);
    const ctx: AdminContext = {
      db: database?.db as AdminContext['db'],
      database,
      config,
      clock: io.clock ?? systemClock,
      mailer,
      readStdin: io.readStdin,
      configProblem: problem,
    };
    const output = await command.run(ctx, args);
    io.stdout(json ? JSON.stringify(output.json, null, 2) : output.text);
    return 0;
  } catch (err) {
    if (!(err instanceof AdminError) && io.env.ADMIN_DEBUG) io.stderr(String((err as Error).stack));
    return failWith(err);
  } finally {
    if (database && database !== io.database) await database.close().catch(() => undefined);
  }
}
