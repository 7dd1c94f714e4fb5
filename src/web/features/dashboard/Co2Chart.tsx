import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TravelStats } from '@contract/stats';
import { MODE_COLORS, STACK_ORDER } from './modes';

/**
 * CO2 by month and mode as stacked bars, drawn by uPlot (about 23 KB gzipped, in this lazy chunk only:
 * nothing of it loads before the dashboard shows its figures). The chart repeats the table under it,
 * which is what assistive technologies read: the canvas is hidden from them (the caller's figure).
 *
 * uPlot has no stacked bars of its own: each mode's bar is drawn from zero up to its running total,
 * the tallest first, so each one shows its own slice above the modes drawn after it.
 */
export default function Co2Chart({ months, monthLabel }: { months: TravelStats['months']; monthLabel: (month: string) => string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = months.map((_, i) => i);
    // Running totals, bottom mode first.
    const stacked: number[][] = [];
    STACK_ORDER.forEach((mode, k) => stacked.push(months.map((m, i) => Math.round(((k ? stacked[k - 1]![i]! : 0) + m[mode]) * 10) / 10)));
    const drawn = STACK_ORDER.map((mode, k) => ({ mode, values: stacked[k]! })).reverse();
    const bars = uPlot.paths.bars!({ size: [0.6, 48], gap: 2 });
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width: width(),
        height: 260,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, months.length - 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          {
            values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) && months[t] ? monthLabel(months[t].month) : '')),
            grid: { show: false },
            stroke: '#374151',
          },
          { label: 'kg CO2', stroke: '#374151', grid: { stroke: '#e5e7eb' }, size: 56 },
        ],
        series: [
          {},
          ...drawn.map(({ mode }) => ({ label: mode, fill: MODE_COLORS[mode], stroke: MODE_COLORS[mode], width: 0, paths: bars, points: { show: false } })),
        ],
      },
      [x, ...drawn.map((d) => d.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [months, monthLabel]);

  return <div ref={box} className="w-full overflow-hidden" />;
}
