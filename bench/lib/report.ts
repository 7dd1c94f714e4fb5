import type { Budget } from './types';

export type SectionOutcome = { name: string; title: string; budgets: Budget[]; notes: string[]; error?: string; ms: number };

const fmt = (n: number, unit: string) => `${Number.isFinite(n) ? String(n) : 'n/a'}${unit ? ` ${unit}` : ''}`;

/** Final summary: one row per budget, PASS/FAIL (a FAIL row is marked in the margin too), then the notes and errors of each section, then the failed budgets again. */
export function summaryTable(sections: SectionOutcome[]): string {
  const rows = [['', 'section', 'budget', 'actual', 'limit', 'result']];
  const failed: string[] = [];
  for (const s of sections) {
    if (s.error) rows.push(['>>', s.name, '(measurement failed)', '-', '-', 'ERROR']);
    for (const b of s.budgets) {
      const row = [b.pass ? '' : '>>', s.name, b.name, fmt(b.actual, b.unit), `${b.op} ${fmt(b.limit, b.unit)}`, b.pass ? 'PASS' : 'FAIL <<'];
      rows.push(row);
      if (!b.pass) failed.push(`  FAIL  ${s.name}: ${b.name} = ${row[3]}, budget ${row[4]}`);
    }
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 3 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)];
  for (const s of sections) {
    if (s.error) out.push('', `${s.name}: ERROR ${s.error}`);
    if (s.notes.length) out.push('', `${s.name}:`, ...s.notes.map((n) => `  - ${n}`));
  }
  if (failed.length) out.push('', `!! ${failed.length} BUDGET${failed.length > 1 ? 'S' : ''} FAILED:`, ...failed);
  return out.join('\n');
}
