import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import Star from 'lucide-react/icons/star';

/**
 * "At least n stars" (spec 1 §9: 0 to 5, clicking the current value clears it): five toggle buttons,
 * the chosen one pressed; null is any number of stars.
 */
export function StarsPicker({ value, onChange, onFocus }: { value: number | null; onChange: (stars: number | null) => void; onFocus?: () => void }) {
  const { t } = useLingui();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="mb-1 font-medium text-gray-900">
        {t`Étoiles minimum`}
      </p>
      <div className="flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => {
          const pressed = value === n;
          return (
            <button
              key={n}
              type="button"
              aria-pressed={pressed}
              aria-label={n === 1 ? t`1 étoile ou plus` : t`${n} étoiles ou plus`}
              onFocus={onFocus}
              onClick={() => onChange(pressed ? null : n)}
              className={`flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg border px-2 font-semibold tabular-nums ${
                pressed ? 'border-brand bg-brand text-brand-contrast' : 'border-gray-400 bg-white text-gray-900 hover:bg-gray-100'
              }`}
            >
              {n}
              <Star aria-hidden="true" size={16} className={pressed ? 'fill-current' : ''} />
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** A hotel's stars as shown in a card (an image with its count as name). */
export function StarsLine({ stars }: { stars: number }) {
  const { t } = useLingui();
  if (stars <= 0) return null;
  return (
    <span role="img" aria-label={stars === 1 ? t`1 étoile` : t`${stars} étoiles`} className="inline-flex text-amber-600">
      {Array.from({ length: stars }, (_, i) => (
        <Star key={i} aria-hidden="true" size={14} className="fill-current" />
      ))}
    </span>
  );
}
