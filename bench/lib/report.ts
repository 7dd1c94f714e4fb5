import type { Budget } from './types';

export type SectionOutcome = { name: string; title: string; budgets: Budget[]; notes: string[]; error?: string; ms: number };

const fmt = (n: number, unit: string) => `${Number.isFinite(n) ? String(n) : 'n/a'}${unit ? ` ${unit}` : ''}`;

/** Final summary: one row per budget, PASS/FAIL, then the notes and errors of each section. */
export function summaryTable(sections: SectionOutcome[]): string {
  const rows = [['section', 'budget', 'actual', 'limit', 'result']];
  for (const s of sections) {
    if (s.error) rows.push([s.name, '(measurement failed)', '-', '-', 'ERROR']);
    for (const b of s.budgets) rows.push([s.name, b.name, fmt(b.actual, b.unit), `${b.op} ${fmt(b.limit, b.unit)}`, b.pass ? 'PASS' : 'FAIL']);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => r.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  for (const s of sections) {
    if (s.error) out.push('', `${s.name}: ERROR ${s.error}`);
    if (s.notes.length) out.push('', `${s.name}:`, ...s.notes.map((n) => `  - ${n}`));
  }
  return out.join('\n');
}
