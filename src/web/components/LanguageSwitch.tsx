import { useLingui } from '@lingui/react/macro';
import type { Lang } from '../lib/i18n';
import { activateLang } from '../lib/i18n';

const NAMES: Record<Lang, { short: string; name: string }> = {
  fr: { short: 'FR', name: 'Français' },
  en: { short: 'EN', name: 'English' },
};

/** FR / EN, stored in localStorage so the choice survives a reload (spec 3 §9). */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  return (
    <div role="group" aria-label={t`Langue`} className="flex rounded-lg border border-gray-400 p-0.5">
      {(Object.keys(NAMES) as Lang[]).map((lang) => {
        const active = i18n.locale === lang;
        return (
          <button
            key={lang}
            type="button"
            lang={lang}
            aria-label={NAMES[lang].name}
            aria-pressed={active}
            onClick={() => void activateLang(lang, { persist: true })}
            className={`min-h-10 min-w-11 rounded-md px-2 text-sm font-semibold ${active ? 'bg-brand text-brand-contrast' : 'text-gray-800 hover:bg-gray-100'}`}
          >
            {NAMES[lang].short}
          </button>
        );
      })}
    </div>
  );
}
