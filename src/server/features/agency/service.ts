import type { Branding } from '../../../contract/agency';
import { ensureContrastOnWhite } from '../../platform/colors';
import type { AgencyRow } from '../../platform/tenancy';

export function branding(agency: AgencyRow): Branding {
  return {
    uid: agency.id,
    name: agency.name,
    logo: agency.logo,
    colors: {
      brand: ensureContrastOnWhite(agency.brandColor),
      brandContrast: '#ffffff',
      accent: ensureContrastOnWhite(agency.accentColor, 3),
    },
    info: agency.infoTitle && agency.infoHtml ? { title: agency.infoTitle, html: agency.infoHtml } : null,
    supportEmail: agency.supportEmail,
  };
}
