import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelope } from '@contract/envelope';
import { envelopeBytesWriter, jsonWriter } from './json-writer';

const item = z.object({ id: z.string(), price: z.number().int(), note: z.string().nullable(), tags: z.array(z.string()) });
const results = z.object({ searchID: z.string(), items: z.array(item), places: z.object({ from: z.string() }), warns: z.array(z.string()) });

describe('envelopeBytesWriter', () => {
  it('writes the bytes jsonWriter writes, an element at a time, whatever the strings hold', () => {
    const whole = jsonWriter(envelope(results));
    const bytes = envelopeBytesWriter(results, 'items');
    const values = [
      { searchID: 's1', items: [], places: { from: 'Paris' }, warns: [] },
      { searchID: 's2', items: [{ id: 'a', price: 1, note: null, tags: [] }], places: { from: 'Lyon' }, warns: ['w'] },
      {
        // The array's key inside strings, before and after it, and text that is not Latin-1.
        searchID: '"items":[]',
        items: [
          { id: '"items":[]', price: 2, note: 'jusqu’à 19 € — "quoted" \\ \n', tags: ['x', '"items":[1]'] },
          { id: 'b', price: 3, note: 'Gare de Lyon', tags: [] },
        ],
        places: { from: '"items":[]' },
        warns: ['"items":[]'],
        extra: 'not in the schema',
      },
      // Larger than the first buffer (128 KB), in three-byte characters.
      {
        searchID: 's3',
        items: Array.from({ length: 400 }, (_, i) => ({ id: `i${i}`, price: i, note: '€’—'.repeat(200), tags: ['t'] })),
        places: { from: 'Nice' },
        warns: [],
      },
    ];
    for (const value of values) expect(bytes({ result: value }).toString('utf8')).toBe(whole({ result: value }));
  });
});
