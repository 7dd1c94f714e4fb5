import type { Database, Db } from '@server/db/client';
import type { Clock } from '@server/platform/clock';
import type { Mailer } from '@server/platform/mail';

/**
 * The operator tool's frame (`npm run admin -- <noun> [<verb>] [arguments] [options]`): one command
 * table, options parsed the same way everywhere, `--help` on every level, `--json` output, exit code 0
 * or 1, and every refusal one line naming the argument at fault.
 */

/** A refusal of the operator's input (or of the state it meets): one line, exit code 1. */
export class AdminError extends Error {
  override name = 'AdminError';
}

export const refuse = (message: string): never => {
  throw new AdminError(message);
};

export type OptionSpec = {
  /** A flag takes no value (`--force`); a string option takes one (`--host a.example` or `--host=a.example`). */
  type: 'string' | 'flag';
  /** May be given several times: its values in order. */
  multiple?: boolean;
  /** The value's name in the help (`<host>`). */
  value?: string;
  help: string;
};

export type Args = {
  positionals: string[];
  options: Record<string, string[]>;
};

/** What the tool reads besides the database: where it is, and how e-mails leave. */
export type ToolConfig = {
  dataDir: string;
  databaseUrl: string | null;
  production: boolean;
  publicUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** The server's port (PORT): demo mode's links go to http://localhost:<port>. */
  port: number;
};

export type AdminContext = {
  /** The database, migrated; commands with `database: 'none'` (backup, restore) get none and open what they need. */
  db: Db;
  database: Database | null;
  config: ToolConfig;
  clock: Clock;
  mailer: Mailer;
  /** Everything written on standard input (a secret piped in), trailing newline removed. */
  readStdin: () => Promise<string>;
  /** Problems with the server's configuration, kept for the commands that need it whole (user invite). */
  configProblem: string | null;
};

/** A command's answer: the same facts for a person (`text`) and for a script (`json`, with --json). */
export type Output = { text: string; json: unknown };

export type Command = {
  /** Its words on the command line: `agency key issue`. */
  path: string[];
  /** Its positional arguments, in order, as the usage line names them (all required). */
  positionals: string[];
  summary: string;
  /** More lines of help after the options. */
  notes?: string[];
  options: Record<string, OptionSpec>;
  /** `none`: the command opens the database itself, or not at all, and it is not migrated first. */
  database?: 'migrated' | 'none';
  run: (ctx: AdminContext, args: Args) => Promise<Output>;
};

const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  json: { type: 'flag', help: 'print the answer as JSON (one object) instead of text' },
  help: { type: 'flag', help: 'print this help' },
};

/** Parses a command's arguments after its words; refuses an unknown option, a missing value, a wrong count. */
export function parseArgs(command: Command, argv: string[]): Args {
  const specs = { ...command.options, ...GLOBAL_OPTIONS };
  const options: Record<string, string[]> = {};
  const positionals: string[] = [];
  const name = command.path.join(' ');
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!token.startsWith('--')) {
      positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const key = token.slice(2, eq === -1 ? undefined : eq);
    const spec = specs[key];
    if (!spec) return refuse(`unknown option --${key} for "${name}" (see ${name} --help)`);
    let value: string;
    if (spec.type === 'flag') {
      if (eq !== -1) return refuse(`--${key} takes no value`);
      value = 'true';
    } else if (eq !== -1) value = token.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) return refuse(`--${key} needs a value${spec.value ? ` (${spec.value})` : ''}`);
      value = next;
      i++;
    }
    const values = (options[key] ??= []);
    if (values.length > 0 && !spec.multiple && spec.type !== 'flag') return refuse(`--${key} is given twice; it takes one value`);
    values.push(value);
  }
  if (options.help) return { positionals, options };
  if (positionals.length < command.positionals.length) return refuse(`"${name}" needs ${command.positionals[positionals.length]} (see ${name} --help)`);
  if (positionals.length > command.positionals.length) return refuse(`unexpected argument "${positionals[command.positionals.length]}" for "${name}"`);
  return { positionals, options };
}

/** The one value of a string option, or undefined. */
export const optionOf = (args: Args, key: string): string | undefined => args.options[key]?.at(-1);
export const flagOf = (args: Args, key: string): boolean => args.options[key] !== undefined;
export const valuesOf = (args: Args, key: string): string[] => args.options[key] ?? [];

/** `yes`/`no` (also true/false, on/off) as a boolean; anything else names the option. */
export function yesNo(args: Args, key: string): boolean | undefined {
  const value = optionOf(args, key);
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (['yes', 'true', 'on', '1'].includes(v)) return true;
  if (['no', 'false', 'off', '0'].includes(v)) return false;
  return refuse(`--${key} must be yes or no (got "${value}")`);
}

/** A duration such as 30m, 24h, 7d (also s): milliseconds. */
export function parseDuration(value: string, option: string): number {
  const m = /^(\d{1,6})(s|m|h|d)$/.exec(value.trim());
  if (!m) return refuse(`--${option} must be a duration such as 30m, 24h or 7d (got "${value}")`);
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

const optionLine = (key: string, spec: OptionSpec) => {
  const left = `  --${key}${spec.type === 'string' ? ` ${spec.value ?? '<value>'}` : ''}`;
  return `${left.padEnd(34)} ${spec.help}${spec.multiple ? ' (repeatable)' : ''}`;
};

export function commandHelp(command: Command): string {
  const usage = ['npm run admin --', ...command.path, ...command.positionals, Object.keys(command.options).length ? '[options]' : ''].filter(Boolean).join(' ');
  const lines = [`Usage: ${usage}`, '', command.summary, ''];
  const options = Object.entries(command.options);
  if (options.length) lines.push('Options:', ...options.map(([k, s]) => optionLine(k, s)));
  lines.push(...Object.entries(GLOBAL_OPTIONS).map(([k, s]) => optionLine(k, s)));
  if (command.notes?.length) lines.push('', ...command.notes);
  return lines.join('\n');
}

/** The commands under a prefix of words (`agency`, `agency key`), one line each. */
export function listHelp(commands: Command[], prefix: string[], preamble: string[] = []): string {
  const under = commands.filter((c) => prefix.every((word, i) => c.path[i] === word));
  const width = Math.max(...under.map((c) => [...c.path, ...c.positionals].join(' ').length)) + 2;
  const lines = [
    ...preamble,
    `Usage: npm run admin -- ${[...prefix, '<command>'].join(' ')} [arguments] [options]`,
    '',
    'Commands:',
    ...under.map((c) => `  ${[...c.path, ...c.positionals].join(' ').padEnd(width)} ${c.summary}`),
    '',
    `Every command takes --help and --json. Example: npm run admin -- ${(under[0]?.path ?? ['agency', 'list']).join(' ')} --help`,
  ];
  return lines.join('\n');
}

/** The command the words name (the longest match), with the arguments after them. */
export function findCommand(commands: Command[], argv: string[]): { command: Command; rest: string[] } | { prefix: string[] } {
  let best: Command | undefined;
  for (const c of commands) if (c.path.every((word, i) => argv[i] === word) && (!best || c.path.length > best.path.length)) best = c;
  if (best) return { command: best, rest: argv.slice(best.path.length) };
  // The longest run of leading words that some command starts with: help for that group.
  const prefix: string[] = [];
  for (const word of argv) {
    if (word.startsWith('--')) break;
    const next = [...prefix, word];
    if (!commands.some((c) => next.every((w, i) => c.path[i] === w))) break;
    prefix.push(word);
  }
  return { prefix };
}

/** Text lines `key: value`, aligned, for a record. */
export const facts = (entries: [string, unknown][]): string => {
  const width = Math.max(...entries.map(([k]) => k.length)) + 1;
  return entries
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${`${k}:`.padEnd(width + 1)}${v === null ? '—' : Array.isArray(v) ? v.join(', ') || '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}`,
    )
    .join('\n');
};

/** A table of rows for text output (columns from the first row's keys). */
export function table(rows: Record<string, unknown>[], empty: string): string {
  if (rows.length === 0) return empty;
  const keys = Object.keys(rows[0]!);
  const cell = (v: unknown) => (v === null || v === undefined ? '—' : v instanceof Date ? v.toISOString() : Array.isArray(v) ? v.join(', ') : String(v));
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => cell(r[k]).length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(keys), ...rows.map((r) => line(keys.map((k) => cell(r[k]))))].join('\n');
}
