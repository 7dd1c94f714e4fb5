import { readFileSync } from 'node:fs';
import type { Budget } from './types';

/** Builds a budget check; `=` compares with a small tolerance for floats. */
export function budget(name: string, actual: number, op: Budget['op'], limit: number, unit = ''): Budget {
  const pass = op === '<=' ? actual <= limit : op === '>=' ? actual >= limit : Math.abs(actual - limit) < 1e-9;
  return { name, actual, op, limit, unit, pass };
}

export const kb = (bytes: number) => bytes / 1024;
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The 95th percentile and the median of API timings, ms, to one decimal. */
export const p95 = (times: number[]) => round([...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!, 1);
export const medianMs = (times: number[]) => round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!, 1);

/** CPU time a process has used so far (Linux /proc, user + system), ms; clock ticks are 1/100 s. Steadier than wall times on a shared machine. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
