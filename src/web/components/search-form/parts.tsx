import { forwardRef, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SelectField } from '../Field';

type EntitySelectProps = SelectHTMLAttributes<HTMLSelectElement> & { entities: readonly { uid: string; name: string }[]; error?: string };

/** The entity a search is for (spec 1 §3): the user's company's entities, none chosen until the user says. */
export const EntitySelect = forwardRef<HTMLSelectElement, EntitySelectProps>(function EntitySelect({ entities, ...select }, ref) {
  const { t } = useLingui();
  return (
    <SelectField ref={ref} label={t`Entité`} {...select}>
      <option value="">{t`Choisir une entité`}</option>
      {entities.map((e) => (
        <option key={e.uid} value={e.uid}>
          {e.name}
        </option>
      ))}
    </SelectField>
  );
});

type SearchPanelProps = {
  ref?: Ref<HTMLElement>;
  id: string;
  /** Below 760 px the panel replaces the form only while open. */
  open: boolean;
  /** Escape inside the panel: true when it closed the panel (the key then goes no further). */
  onEscape: () => boolean;
  children: ReactNode;
};

/** A search form's side panel (spec 1 §2 "Search side panel"), beside the form; what it holds follows the focused field (use-search-panel.ts). */
export function SearchPanel({ ref, id, open, onEscape, children }: SearchPanelProps) {
  const { t } = useLingui();
  return (
    <aside
      ref={ref}
      id={id}
      tabIndex={-1}
      aria-label={t`Détails de la recherche`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && onEscape()) e.preventDefault();
      }}
      className={`rounded-xl border border-gray-200 bg-white p-5 text-gray-900 shadow-sm ${open ? '' : 'max-[759px]:hidden'}`}
    >
      {children}
    </aside>
  );
}
