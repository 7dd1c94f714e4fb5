import { describe, expect, it } from 'vitest';
import { formatCo2, formatMoney, formatPrice } from './format';

const intlEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const intlKg = (digits: number) => new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe('number formats: as Intl fr-FR writes them', () => {
  const cents = [0, 1, 5, 99, 100, 150, 1234, 123456, 100000, 999999, 1234567890, -1, -500, -123456];
  for (let i = 0; i < 300; i++) cents.push(Math.round((Math.random() - 0.2) * 10 ** (1 + (i % 9))));
  it('prices', () => {
    for (const c of cents) expect(formatPrice(c), String(c)).toBe(intlEuros.format(c / 100));
  });
  it('amounts', () => {
    const amounts = ['0', '1234.5', '12.345', '0.005', '0.015', '2.675', '-3.5', '1000000', '99.999', '1.005', '0.1', '123456.784999'];
    for (let i = 0; i < 300; i++) amounts.push(((Math.random() - 0.2) * 10 ** (i % 8)).toFixed(i % 5));
    for (const amount of amounts) expect(formatMoney({ amount }), amount).toBe(intlEuros.format(Number(amount)));
  });
  it('CO2', () => {
    const grams = [0, 1, 49, 50, 51, 2450, 2350, 9949, 9950, 9999, 10_000, 12_345, 1_234_567, 987_654_321];
    for (let i = 0; i < 300; i++) grams.push(Math.round(Math.random() * 10 ** (1 + (i % 8))));
    for (const g of grams) expect(formatCo2(g), String(g)).toBe(`${intlKg(g < 10_000 ? 1 : 0).format(g / 1000)} kg`);
  });
});
