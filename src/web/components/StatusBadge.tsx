import type { ReactNode } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';

/** The status families (UI.md: red/amber/green only for status). */
export type Tone = 'neutral' | 'pending' | 'ok' | 'bad';

const toneClass: Record<Tone, string> = {
  neutral: 'bg-gray-100 text-gray-900',
  pending: 'bg-amber-100 text-amber-950',
  ok: 'bg-green-100 text-green-950',
  bad: 'bg-red-100 text-red-950',
};
const toneIcon: Record<Exclude<Tone, 'neutral'>, ReactNode> = {
  pending: <Clock aria-hidden="true" size={16} />,
  ok: <CircleCheck aria-hidden="true" size={16} />,
  bad: <CircleAlert aria-hidden="true" size={16} />,
};

/** A status as a coloured tag with an icon and its words (UI.md: never by colour only); `neutralIcon` for the neutral family. */
export function StatusBadge({ tone, label, neutralIcon }: { tone: Tone; label: string; neutralIcon: ReactNode }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-sm font-semibold ${toneClass[tone]}`}>
      {tone === 'neutral' ? neutralIcon : toneIcon[tone]}
      {label}
    </span>
  );
}
