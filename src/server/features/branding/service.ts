import type { Lang } from '@contract/account';
import type { Branding } from '@contract/agency';
import { effectiveFeatures } from '@server/domain/features';
import { ensureContrastOnWhite } from '@server/platform/colors';
import type { agencies } from '@server/db/schema';

/** The agency's branding in a language: its information block in that language, else in the one it has. */
export function branding(agency: typeof agencies.$inferSelect, lang: Lang): Branding {
  const info = agency.info ?? {};
  return {
    uid: agency.id,
    name: agency.name,
    logo: agency.logo,
    colors: {
      brand: ensureContrastOnWhite(agency.brandColor),
      brandContrast: '#ffffff',
      accent: ensureContrastOnWhite(agency.accentColor, 3),
    },
    info: info[lang] ?? info.fr ?? info.en ?? null,
    supportEmail: agency.supportEmail,
    features: effectiveFeatures(agency.features),
  };
}
