import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format';

/** A card's total, right-aligned: its label (the feature's own words) over the amount, large. */
export function TotalPrice({ label, price }: { label: ReactNode; price: { amount: string } }) {
  return (
    <p className="text-right">
      <span className="block text-sm text-gray-700">{label}</span>
      <span className="text-2xl font-bold text-gray-900 tabular-nums">{formatMoney(price)}</span>
    </p>
  );
}
