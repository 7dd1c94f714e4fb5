import type { Lang } from '@contract/account';
import type { Branding } from '@contract/agency';
import { effectiveFeatures } from '@server/domain/features';
import { ensureContrastOnWhite } from '@server/platform/colors';
import { sanitizeAgencyHtml } from '@server/platform/html';
import type { agencies } from '@server/db/schema';

/**
 * The info block's HTML as every reader gets it (`GET /agency`, the page web.ts writes it into):
 * sanitised on read, whatever the row holds (an operator's import, a restored backup, a direct
 * write). Sanitised once per distinct HTML; an agency has one or two.
 */
const cleanHtml = new Map<string, string>();
function safeInfoHtml(html: string): string {
  let clean = cleanHtml.get(html);
  if (clean === undefined) {
    clean = sanitizeAgencyHtml(html);
    if (cleanHtml.size >= 200) cleanHtml.delete(cleanHtml.keys().next().value!);
    cleanHtml.set(html, clean);
  }
  return clean;
}

/** The agency's branding in a language: its information block in that language, else in the one it has. */
export function branding(agency: typeof agencies.$inferSelect, lang: Lang): Branding {
  const info = agency.info ?? {};
  const block = info[lang] ?? info.fr ?? info.en ?? null;
  return {
    uid: agency.id,
    name: agency.name,
    logo: agency.logo,
    colors: {
      brand: ensureContrastOnWhite(agency.brandColor),
      brandContrast: '#ffffff',
      accent: ensureContrastOnWhite(agency.accentColor, 3),
    },
    info: block && { ...block, html: safeInfoHtml(block.html) },
    supportEmail: agency.supportEmail,
    features: effectiveFeatures(agency.features),
  };
}
