import type { Budget } from './types';

/** Builds a budget check; `=` compares with a small tolerance for floats. */
export function budget(name: string, actual: number, op: Budget['op'], limit: number, unit = ''): Budget {
  const pass = op === '<=' ? actual <= limit : op === '>=' ? actual >= limit : Math.abs(actual - limit) < 1e-9;
  return { name, actual, op, limit, unit, pass };
}

export const kb = (bytes: number) => bytes / 1024;
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
