import { formatDate } from '../../lib/dates';

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

/** A travel amount (a decimal string in euros, spec 2 §3) → `1 234,50 €`. */
export const formatAmount = (amount: string): string => euros.format(Number(amount));

/** Cents (mission-order amounts) → `1 234,50 €`. */
export const formatCents = (cents: number): string => euros.format(cents / 100);

/** An instant → `dd/MM/yyyy HH:mm` in the active language. */
export const formatDateTime = (iso: string): string => formatDate(iso, 'dd/MM/yyyy HH:mm');
