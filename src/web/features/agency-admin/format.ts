import { currentLang } from '@web/lib/i18n';

/** A ratio as the user's language writes it, with two decimals ("4,52" in French). */
export const formatDecimal = (value: number) => {
  const text = value.toFixed(2);
  return currentLang() === 'fr' ? text.replace('.', ',') : text;
};
