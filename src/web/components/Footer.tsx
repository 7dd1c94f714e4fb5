import { useLingui } from '@lingui/react/macro';
import { DEFAULT_NAME, useBranding } from '../lib/branding';

/** Product version shown to users (spec 3 §1). */
export const PRODUCT_VERSION = '4.47.1';

/** The agency's info block (HTML sanitised by the server) and the product version. */
export function Footer() {
  const { t } = useLingui();
  const branding = useBranding();
  const info = branding?.info;
  return (
    <footer className="mt-auto border-t border-gray-200 bg-gray-50 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 md:grid-cols-[2fr_1fr]">
        {info ? (
          <section aria-labelledby="agency-info-title">
            <h2 id="agency-info-title" className="mb-2 text-lg font-semibold text-gray-900">
              {info.title}
            </h2>
            {/* Sanitised by the server (ARCHITECTURE §5): only safe tags and attributes reach here. */}
            <div className="agency-html text-gray-800" dangerouslySetInnerHTML={{ __html: info.html }} />
          </section>
        ) : (
          <div />
        )}
        <div className="text-sm text-gray-700 md:text-right">
          {branding?.supportEmail && (
            <p>
              {t`Support client :`}{' '}
              <a className="text-brand underline" href={`mailto:${branding.supportEmail}`}>
                {branding.supportEmail}
              </a>
            </p>
          )}
          <p>
            {branding?.name ?? DEFAULT_NAME} · {t`Version ${PRODUCT_VERSION}`}
          </p>
        </div>
      </div>
    </footer>
  );
}
