import { RE2JS } from 're2js';
import { PATTERN_MAX } from './company-admin';
import type { MessageKey } from './validation';

/**
 * A company's own pattern for an analytics value (spec 2 §3, §5), and the one check of an analytics
 * answer that the server (domain/checkout.ts) and the checkout form (web, loaded with the form) apply.
 *
 * A tenant writes the pattern, so it never runs on a backtracking engine: `^(a+)+$` against forty
 * `a` and a `!` would hold the server's event loop for hours with `RegExp`. RE2 (the `re2js` port)
 * matches in time linear in the value, and refuses what it cannot run that way (backreferences,
 * lookarounds). The pattern keeps the meaning it had with `new RegExp(p).test(v)`: it is translated
 * from JavaScript syntax (named groups, `\uXXXX`, `/`) and *searched* in the value, so a pattern
 * without `^…$` matches anywhere, as it did.
 *
 * This module is the only one of src/contract that imports a package besides zod: the web loads it
 * in its own chunk, with the checkout's analytics form only.
 */

/**
 * A value checked against a company's pattern has at most this many characters (after trimming);
 * a longer one is refused with TOO_LONG before any pattern runs. Codes (projects, cost centres,
 * employee numbers) are far shorter; other analytics answers keep the 500 characters of the body.
 */
export const PATTERNED_VALUE_MAX = 100;

/** Compiled patterns, by their text: a company's few patterns are compiled once per process (or page). */
const compiled = new Map<string, RE2JS | null>();
const CACHE_MAX = 500;

function compile(pattern: string): RE2JS | null {
  if (compiled.has(pattern)) return compiled.get(pattern)!;
  let re: RE2JS | null;
  try {
    re = pattern.length > PATTERN_MAX ? null : RE2JS.compile(RE2JS.translateRegExp(pattern));
  } catch {
    re = null;
  }
  if (compiled.size >= CACHE_MAX) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, re);
  return re;
}

/** Whether the pattern is one the linear-time engine runs (and at most PATTERN_MAX characters). */
export const patternCompiles = (pattern: string): boolean => compile(pattern) !== null;

/**
 * Whether the value holds a match of the pattern (search, as `RegExp.test`), in linear time. A
 * pattern the engine cannot run (one saved before patterns were checked with it) checks nothing:
 * the editors refuse such patterns now, and a stored one must not stop every checkout.
 */
export function patternMatches(pattern: string, value: string): boolean {
  const re = compile(pattern);
  return re === null || re.test(value);
}

/** What the check needs of an analytics field: the server's rule and the form's field both have it. */
export type AnalyticValueRule = { required: boolean; regex?: string | null; values?: readonly string[] | null };

/** One analytics answer's problem, in this order: required, the pattern (its length cap first), the list of values. */
export function analyticValueProblem(rule: AnalyticValueRule, value: string | null | undefined): MessageKey | null {
  const v = value?.trim() ?? '';
  if (!v) return rule.required ? 'FIELD_REQUIRED' : null;
  if (rule.regex) {
    if (v.length > PATTERNED_VALUE_MAX) return 'TOO_LONG';
    if (!patternMatches(rule.regex, v)) return 'FORMAT_INVALID';
  }
  if (rule.values?.length && !rule.values.includes(v)) return 'SELECT_VALID_VALUE';
  return null;
}
