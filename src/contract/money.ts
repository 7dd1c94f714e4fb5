import { z } from 'zod';

/** Amounts as decimal strings in euros (spec 2 §3 "price {amount as a decimal string, currency}"). */
export const moneySchema = z.object({ amount: z.string(), currency: z.literal('EUR') }).meta({ id: 'Money' });
export type Money = z.infer<typeof moneySchema>;

/** Amounts in integer cents, where the spec writes them so (the expert search, a trip offer's ancillaries). */
export const centsMoneySchema = z.object({ amount: z.number().int(), currency: z.literal('EUR') }).meta({ id: 'CentsMoney' });
export type CentsMoney = z.infer<typeof centsMoneySchema>;

/** Cents (money is kept in integer cents) as the decimal string of euros the API writes. */
export const euros = (cents: number) => (cents / 100).toFixed(2);
/** Cents as a Money. */
export const money = (cents: number): Money => ({ amount: euros(cents), currency: 'EUR' });
/** Cents as a CentsMoney. */
export const centsMoney = (cents: number): CentsMoney => ({ amount: cents, currency: 'EUR' });
