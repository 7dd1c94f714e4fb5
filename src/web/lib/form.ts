import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { MessageKey } from '../../contract/validation';
import { isMessageKey } from './messages';

export type ExtraIssue = { path: string; key: MessageKey };

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined), values);
}

function setAt(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  keys.slice(0, -1).forEach((k) => {
    node[k] = (node[k] as Record<string, unknown> | undefined) ?? {};
    node = node[k] as Record<string, unknown>;
  });
  const last = keys[keys.length - 1] as string;
  if (!(last in node)) node[last] = value; // first problem of a field wins
}

/**
 * A react-hook-form resolver built from a contract schema: the form's values become the request
 * body (`toBody`), the contract checks it, and each issue lands on its field with a message KEY
 * (validation.ts) that the field translates. A blank field reads "please fill"; other issues
 * without a key read "invalid format". `extra` adds checks the schema runs only once the rest
 * passes (e.g. the password confirmation), so they show at the same time as the others.
 * On success the form's submit handler receives the parsed body.
 */
export function contractResolver<TForm extends FieldValues, S extends z.ZodType>(
  schema: () => S,
  toBody: (values: TForm) => unknown,
  extra?: (values: TForm) => ExtraIssue[],
): Resolver<TForm, unknown, z.output<S>> {
  return async (values) => {
    const body = toBody(values);
    const result = await schema().safeParseAsync(body);
    const issues: ExtraIssue[] = result.success
      ? []
      : result.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          key: isMessageKey(issue.message) ? issue.message : 'FORMAT_INVALID',
        }));
    issues.push(...(extra?.(values) ?? []));
    if (result.success && issues.length === 0) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const { path, key } of issues) {
      // A blank field says "please fill" whatever rule it breaks (an empty password is missing, not weak).
      const keys = path.split('.');
      const message = isBlank(valueAt(values, keys) ?? valueAt(body, keys)) ? 'PLEASE_FILL' : key;
      setAt(errors, path, { type: 'validate', message });
    }
    return { values: {}, errors: errors as FieldErrors<TForm> };
  };
}
