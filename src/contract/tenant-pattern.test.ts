import { describe, expect, it } from 'vitest';
import { analyticValueProblem, PATTERNED_VALUE_MAX, patternCompiles, patternMatches } from './tenant-pattern';

describe('a company pattern, run in linear time', () => {
  it('checks the worst backtracking pattern against 40 a and a ! in milliseconds', () => {
    const start = performance.now();
    expect(patternMatches('^(a+)+$', `${'a'.repeat(40)}!`)).toBe(false);
    expect(patternMatches('^(a|aa)+$', `${'a'.repeat(100)}!`)).toBe(false);
    expect(patternMatches('^(a+)+$', 'a'.repeat(40))).toBe(true);
    expect(performance.now() - start).toBeLessThan(100);
  });

  it('keeps what the patterns meant with RegExp.test: a search, anchored only by ^ and $', () => {
    expect(patternMatches('^PRJ-[0-9]{4}$', 'PRJ-0042')).toBe(true);
    expect(patternMatches('^PRJ-[0-9]{4}$', 'PRJ-42')).toBe(false);
    expect(patternMatches('^PRJ-[0-9]{4}$', 'PRJ-0042\n')).toBe(false);
    expect(patternMatches('B[0-9]{3}', 'badge B123 ok')).toBe(true);
    // JavaScript syntax: named groups, \u escapes, slashes.
    expect(patternMatches('^(?<dept>[A-Z]{3})/\\u00e9$', 'ABC/é')).toBe(true);
    expect(patternMatches('^\\d{6}$', '004217')).toBe(true);
  });

  it('refuses what RE2 cannot run in linear time, and what is over 200 characters', () => {
    expect(patternCompiles('^(a+)+$')).toBe(true);
    expect(patternCompiles('(a)\\1')).toBe(false);
    expect(patternCompiles('a(?=b)')).toBe(false);
    expect(patternCompiles('([a-z')).toBe(false);
    expect(patternCompiles('a'.repeat(201))).toBe(false);
  });

  it('checks an answer: required, the length cap of a patterned value, the pattern, the list', () => {
    const rule = { required: true, regex: '^[a-z]+$' };
    expect(analyticValueProblem(rule, '  ')).toBe('FIELD_REQUIRED');
    expect(analyticValueProblem(rule, 'abc')).toBeNull();
    expect(analyticValueProblem(rule, 'ab1')).toBe('FORMAT_INVALID');
    expect(analyticValueProblem(rule, 'a'.repeat(PATTERNED_VALUE_MAX))).toBeNull();
    expect(analyticValueProblem(rule, 'a'.repeat(PATTERNED_VALUE_MAX + 1))).toBe('TOO_LONG');
    // A value without a pattern keeps the body's own cap.
    expect(analyticValueProblem({ required: false }, 'x'.repeat(400))).toBeNull();
    expect(analyticValueProblem({ required: false, values: ['A'] }, 'B')).toBe('SELECT_VALID_VALUE');
  });
});
