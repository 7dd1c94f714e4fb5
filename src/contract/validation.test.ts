import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signupBodySchema } from './account';
import { inviteTravelManagerBodySchema } from './agency-admin';
import { inviteEmployeeBodySchema } from './company-admin';
import { onboardingIdentitySchema } from './privacy';
import { newGuestSchema } from './travelers';
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

describe('every form where a name is typed applies it', () => {
  it('sign-up, a travel manager’s and an agency’s invitations, guests and onboarding refuse a name with digits (NAME_FORMAT)', () => {
    const schemas = {
      signup: signupBodySchema('2026-11-22'),
      inviteEmployee: inviteEmployeeBodySchema,
      inviteTravelManager: inviteTravelManagerBodySchema,
      guest: newGuestSchema('2026-11-22'),
      onboarding: onboardingIdentitySchema(true),
    };
    for (const [form, schema] of Object.entries(schemas)) {
      const result = (schema as z.ZodType).safeParse({ firstname: 'Zoé 2', lastname: 'Martin' });
      const firstname = result.error?.issues.find((i) => i.path.join('.') === 'firstname')?.message;
      expect([form, firstname]).toEqual([form, 'NAME_FORMAT']);
    }
  });
});
