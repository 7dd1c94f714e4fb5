import { describe, expect, it } from 'vitest';
import { fields, NAME_RE } from './validation';

describe('the one name rule (sign-up, invitations, travellers)', () => {
  it('accepts letters of any script, accents, spaces, hyphens and apostrophes', () => {
    for (const name of ['Zoé', 'Łukasz-Zoé', 'O’Brien', "d'Arc", '王', 'Анна Каренина', 'Ngũgĩ', 'Jose\u0301']) expect(NAME_RE.test(name), name).toBe(true);
  });

  it('refuses digits, signs, emoji, addresses and a name without a letter, with NAME_FORMAT', () => {
    for (const name of ['Zoé 2', 'evil.example', 'a@b', 'https://x', 'Zoé 🚆', "- '", 'x'.repeat(51)]) expect(NAME_RE.test(name), name).toBe(false);
    const parsed = fields.personName().safeParse('Call +33612345678');
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['NAME_FORMAT']);
    expect(
      fields
        .personName()
        .safeParse(' ')
        .error?.issues.map((i) => i.message),
    ).toEqual(['PLEASE_FILL']);
    expect(fields.personName().parse('  Zoé  ')).toBe('Zoé');
  });

  it('is the same rule as the pattern the traveller forms send (read with the u flag)', () => {
    const sent = new RegExp(NAME_RE.source, 'u');
    expect(['王', 'Zoé', 'Zoé 2'].map((n) => sent.test(n))).toEqual([true, true, false]);
  });
});
