import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalTexts } from './search-params';

describe('optionalTexts: as zod’s optional().catch(undefined) fields', () => {
  const cases: Record<string, unknown>[] = [{}, { a: 'x' }, { a: '' }, { a: 123 }, { a: 'x'.repeat(65) }, { a: undefined }, { a: ['x'] }, { a: 'x', b: 1 }];
  it('plain strings', () => {
    const schema = z.object({ a: z.string().min(1).max(64).optional().catch(undefined) });
    for (const search of cases) expect(optionalTexts(search, { a: { min: 1, max: 64 } })).toEqual(schema.parse(search));
  });
  it('coerced strings', () => {
    const schema = z.object({ a: z.coerce.string().min(1).max(64).optional().catch(undefined) });
    for (const search of cases) expect(optionalTexts(search, { a: { min: 1, max: 64, coerce: true } })).toEqual(schema.parse(search));
  });
});
