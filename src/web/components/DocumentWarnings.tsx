import type { ReactNode } from 'react';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { DocumentWarning } from '@contract/trip';

/**
 * A traveller's identity-document warnings: the flight needs a document they have not
 * recorded, or theirs expires before the trip ends. The server writes the sentences in the user's
 * language; `children` is what the screen offers next (e.g. a link to the user's documents).
 * Amber with an icon and words: never the colour alone.
 */
export function DocumentWarnings({ warnings, children }: { warnings: readonly DocumentWarning[]; children?: ReactNode }) {
  if (warnings.length === 0) return null;
  return (
    <div className="mb-3 flex flex-col gap-2 rounded-lg border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-amber-950">
      <ul className="flex flex-col gap-1">
        {warnings.map((warning) => (
          <li key={warning.code} className="flex items-start gap-2">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
            <span>{warning.message}</span>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
