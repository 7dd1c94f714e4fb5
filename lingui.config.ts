import type { LinguiConfig } from '@lingui/conf';

const config: LinguiConfig = {
  locales: ['fr', 'en'],
  sourceLocale: 'fr',
  fallbackLocales: { default: 'fr' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src/web'], exclude: ['<rootDir>/src/web/features/trip/search-form/**', '<rootDir>/src/web/features/trip/results/**', '<rootDir>/src/web/features/account/**', '<rootDir>/src/web/features/cart/**', '<rootDir>/src/web/features/checkout/**', '<rootDir>/src/web/features/approvals/**'] },
    // Loaded with the trip search form's chunk (lib/i18n.ts loadCatalog), so the first screen's catalog stays small.
    { path: '<rootDir>/locales/{locale}/trip-search', include: ['src/web/features/trip/search-form'] },
    // Loaded with the account modals and routes (features/account/texts.ts), for the same reason.
    { path: '<rootDir>/locales/{locale}/account', include: ['src/web/features/account'] },
    // Loaded by the /search route's loader, for the same reason.
    { path: '<rootDir>/locales/{locale}/trip-results', include: ['src/web/features/trip/results'] },
    // Loaded by the cart, checkout, travel-view and recap routes' loaders.
    { path: '<rootDir>/locales/{locale}/cart', include: ['src/web/features/cart', 'src/web/features/checkout'] },
    // Loaded by the approvals routes' loaders (the inbox and the one-click answer page).
    { path: '<rootDir>/locales/{locale}/approvals', include: ['src/web/features/approvals'] },
  ],
  format: 'po',
};
export default config;
