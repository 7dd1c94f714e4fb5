import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('writes the first name, then the last name', () => {
    expect(personName({ firstname: 'Alice', lastname: 'Martin' })).toBe('Alice Martin');
  });

  it('leaves out a missing name without a stray space', () => {
    expect(personName({ firstname: null, lastname: 'Martin' })).toBe('Martin');
    expect(personName({ firstname: 'Alice' })).toBe('Alice');
    expect(personName({})).toBe('');
  });
});
