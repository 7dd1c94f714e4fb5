import { describe, expect, it } from 'vitest';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { fields } from '@contract/validation';
import { contractResolver } from './form';

type Form = { name: string; email: string; code: string; city: string; password: string; password_confirm: string };

const schema = () =>
  z.object({
    name: fields.requiredText(),
    email: fields.email(),
    code: z.string().min(3), // no key
    address: z.object({ city: fields.requiredText() }),
    password: fields.password(),
  });

const resolver = contractResolver(
  schema,
  // The body differs from the form: the city moves under `address`, the confirmation stays behind.
  (v: Form) => ({ name: v.name, email: v.email, code: v.code, address: { city: v.city }, password: v.password }),
  (v) => (v.password_confirm !== v.password ? [{ path: 'password_confirm', key: 'PASSWORD_MATCH' as const }] : []),
);

const VALID: Form = { name: ' Alice ', email: 'alice@acme.example', code: 'abc', city: 'Lyon', password: 'Escale2026', password_confirm: 'Escale2026' };

function run<T extends FieldValues, O>(r: Resolver<T, unknown, O>, values: T) {
  return r(values, undefined, { fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' });
}

/** The message of each field in error, by dotted path. */
function messages(errors: object, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, node]: [string, { type?: unknown; message?: unknown }]) =>
      typeof node.type === 'string' ? [[`${prefix}${key}`, node.message]] : Object.entries(messages(node, `${prefix}${key}.`)),
    ),
  );
}

describe('contractResolver (zodResolver over a contract schema)', () => {
  it('puts each issue on its field as a message key; an issue without a key reads FORMAT_INVALID', async () => {
    const result = await run(resolver, { ...VALID, email: 'alice@', code: 'ab', password: 'weak', password_confirm: 'weak' });
    expect(result.values).toEqual({});
    expect(messages(result.errors)).toEqual({ email: 'EMAIL_FORMAT', code: 'FORMAT_INVALID', password: 'PASSWORD_RULES' });
  });

  it('says PLEASE_FILL for a blank field whatever rule it breaks, on the body’s paths', async () => {
    const result = await run(resolver, { ...VALID, name: '   ', password: '', password_confirm: '', city: '' });
    expect(messages(result.errors)).toEqual({ name: 'PLEASE_FILL', password: 'PLEASE_FILL', 'address.city': 'PLEASE_FILL' });
  });

  it('adds the extra checks at the same time as the contract’s, the contract’s first problem winning', async () => {
    const result = await run(resolver, { ...VALID, email: '', password_confirm: 'Other2026' });
    expect(messages(result.errors)).toEqual({ email: 'PLEASE_FILL', password_confirm: 'PASSWORD_MATCH' });

    const alone = await run(resolver, { ...VALID, password_confirm: 'Other2026' });
    expect(messages(alone.errors)).toEqual({ password_confirm: 'PASSWORD_MATCH' });

    const same = await run(
      contractResolver(
        schema,
        (v: Form) => ({ ...v, address: { city: v.city } }),
        () => [{ path: 'email', key: 'FIELD_REQUIRED' as const }],
      ),
      { ...VALID, email: 'nope' },
    );
    expect(messages(same.errors)).toEqual({ email: 'EMAIL_FORMAT' });
  });

  it('gives the submit handler the parsed body', async () => {
    const result = await run(resolver, VALID);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ name: 'Alice', email: 'alice@acme.example', code: 'abc', address: { city: 'Lyon' }, password: 'Escale2026' });
  });

  it('builds the schema at each validation (rules that depend on the clock)', async () => {
    let max = 5;
    const r = contractResolver(
      () => z.object({ n: z.number().max(max, { error: 'TOO_LONG' }) }),
      (v: { n: number }) => v,
    );
    expect(messages((await run(r, { n: 4 })).errors)).toEqual({});
    max = 3;
    expect(messages((await run(r, { n: 4 })).errors)).toEqual({ n: 'TOO_LONG' });
  });
});
