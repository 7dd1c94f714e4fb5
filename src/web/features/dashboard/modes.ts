import type { StatsMode } from '@contract/stats';

/** The order of the modes in the chart's stacks, bottom first (and in the table). */
export const STACK_ORDER: readonly StatsMode[] = ['rail', 'flight', 'hotel', 'car_rental'];

/** Each mode's colour: a 3:1 contrast at least against white (WCAG 1.4.11), told apart by hue. */
export const MODE_COLORS: Record<StatsMode, string> = {
  rail: '#047857',
  flight: '#b45309',
  hotel: '#6d28d9',
  car_rental: '#1d4ed8',
};
