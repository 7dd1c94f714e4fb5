import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { get, set } from 'react-hook-form';
import { z } from 'zod';
import type { MessageKey } from '@contract/validation';
import { isMessageKey } from './messages';

export type ExtraIssue = { path: string; key: MessageKey };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Issues the contract leaves without a key (e.g. a bare `.min(1)`) read "invalid format". */
const keyedIssues = { error: () => 'FORMAT_INVALID' } as const;

/** Each error of a resolver's (nested) result with its dotted path; an array's own error sits under `root`. */
function* fieldErrors(errors: object, path: string[] = []): Generator<[string[], FieldError]> {
  for (const [key, node] of Object.entries(errors) as [string, unknown][]) {
    if (!node || typeof node !== 'object') continue;
    if (typeof (node as FieldError).type === 'string') yield [key === 'root' ? path : [...path, key], node as FieldError];
    else yield* fieldErrors(node, [...path, key]);
  }
}

/**
 * A react-hook-form resolver built from a contract schema: the form's values become the request
 * body (`toBody`), the contract checks it (through `zodResolver`), and each issue lands on its field
 * with a message KEY (validation.ts) that the field translates. A blank field reads "please fill";
 * other issues without a key read "invalid format". `extra` adds checks the schema runs only once
 * the rest passes (e.g. the password confirmation), so they show at the same time as the others.
 * On success the form's submit handler receives the parsed body.
 */
export function contractResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: () => S,
  toBody: (values: TForm) => unknown,
  extra?: (values: TForm) => ExtraIssue[],
  /** A feature's own message keys, kept as they are for its screen to translate (e.g. the document form's ENTER_FUTURE_DATE). */
  ownKeys: readonly string[] = [],
): Resolver<TForm, unknown, z.output<S>> {
  return async (values, context, options) => {
    // Built per validation: a schema may depend on the clock (e.g. the sign-up's birthdate bound).
    const body = z.custom<TForm>().transform(toBody).pipe(schema());
    const result = await zodResolver(body, keyedIssues)(values, context, options);
    const extras = extra?.(values) ?? [];
    if (extras.length === 0 && Object.keys(result.errors).length === 0) return result;

    const errors: FieldErrors<TForm> = result.errors;
    // The contract's first problem of a field wins over the extra checks.
    for (const { path, key } of extras) if (!get(errors, path)) set(errors, path, { type: 'validate', message: key });
    const bodyValues = toBody(values);
    for (const [path, error] of fieldErrors(errors)) {
      // A blank field says "please fill" whatever rule it breaks (an empty password is missing, not weak).
      const value = get(values, path.join('.')) ?? get(bodyValues, path.join('.'));
      error.message = isBlank(value) ? 'PLEASE_FILL' : isMessageKey(error.message) || ownKeys.includes(error.message ?? '') ? error.message : 'FORMAT_INVALID';
    }
    return { values: {}, errors };
  };
}
