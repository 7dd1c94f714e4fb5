import { describe, expect, it } from 'vitest';
import { centsMoney, centsMoneySchema, euros, money, moneySchema } from './money';

describe('money', () => {
  it('writes cents as a decimal string of euros with two decimals', () => {
    expect(euros(8900)).toBe('89.00');
    expect(euros(35)).toBe('0.35');
    expect(euros(-1250)).toBe('-12.50');
    expect(money(12345)).toEqual({ amount: '123.45', currency: 'EUR' });
    expect(moneySchema.parse(money(1))).toEqual({ amount: '0.01', currency: 'EUR' });
  });

  it('keeps integer cents where the API writes cents', () => {
    expect(centsMoney(8900)).toEqual({ amount: 8900, currency: 'EUR' });
    expect(centsMoneySchema.safeParse({ amount: 89.5, currency: 'EUR' }).success).toBe(false);
  });
});
