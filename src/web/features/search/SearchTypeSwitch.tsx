import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { SearchType } from './search-type';

type Props = {
  types: readonly SearchType[];
  current: SearchType;
  onType?: (type: SearchType) => void;
  expertMode: boolean;
};

/** The home's Travel / Hotel / Car rental switch (a radio group: the arrow keys move in it) and the expert mode link. */
export function SearchTypeSwitch({ types, current, onType, expertMode }: Props) {
  const { t } = useLingui();
  const labels: Record<SearchType, string> = {
    trip: t`Voyage`,
    hotel: t`Hôtel`,
    car: t`Location de voiture`,
  };
  return (
    <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3">
      {types.length > 1 && (
        <fieldset>
          <legend className="sr-only">{t`Type de recherche`}</legend>
          <div className="inline-flex flex-wrap rounded-lg bg-white/15 p-1">
            {types.map((type) => (
              <label
                key={type}
                className={`relative flex min-h-11 cursor-pointer items-center rounded-md px-4 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-white ${
                  current === type ? 'bg-white text-gray-900' : 'text-brand-contrast hover:bg-white/10'
                }`}
              >
                <input type="radio" className="sr-only" name="search-type" value={type} checked={current === type} onChange={() => onType?.(type)} />
                {labels[type]}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {expertMode && (
        <Link to="/search-expert" className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
          {t`Mode expert`}
        </Link>
      )}
    </div>
  );
}
