import { Link } from '@tanstack/react-router';

/** A section switch of a page, current one marked (`aria-current="page"`). */
export const sectionTabClass =
  'flex min-h-11 items-center rounded-lg border border-gray-300 px-3 font-medium text-gray-900 hover:bg-gray-100 aria-[current=page]:border-brand aria-[current=page]:bg-gray-100 aria-[current=page]:text-brand';

/**
 * An area's sections as links of its own page, the section in the address (`?tab=`) so that a reload or
 * a shared link opens it; switching replaces the history entry rather than adding one.
 */
export function SectionTabs<T extends string>({
  label,
  to,
  tabs,
  labels,
  current,
}: {
  label: string;
  to: '/agency-admin' | '/account/company';
  tabs: readonly T[];
  labels: Record<T, string>;
  current: T;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {tabs.map((name) => (
          <li key={name}>
            <Link
              to={to}
              // Each page's route checks its own sections (validateSearch): `tab` is one of `tabs`.
              search={{ tab: name } as never}
              replace
              className={sectionTabClass}
              aria-current={name === current ? 'page' : undefined}
              activeOptions={{ includeSearch: true }}
            >
              {labels[name]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
