import type { LinguiConfig } from '@lingui/conf';

const config: LinguiConfig = {
  locales: ['fr', 'en'],
  sourceLocale: 'fr',
  fallbackLocales: { default: 'fr' },
  catalogs: [
    { path: '<rootDir>/locales/{locale}/messages', include: ['src/web'], exclude: ['<rootDir>/src/web/features/trip/search-form/**', '<rootDir>/src/web/features/trip/results/**', '<rootDir>/src/web/features/account/**', '<rootDir>/src/web/features/cart/**', '<rootDir>/src/web/features/checkout/**', '<rootDir>/src/web/features/approvals/**', '<rootDir>/src/web/features/bookings/**', '<rootDir>/src/web/features/bookings-beta/**', '<rootDir>/src/web/features/calendar/**', '<rootDir>/src/web/features/cancellation/**', '<rootDir>/src/web/features/exchange/**', '<rootDir>/src/web/components/BookingStatus.tsx', '<rootDir>/src/web/components/PlacePicker.tsx'] },
    // Loaded with the trip search form's chunk (lib/i18n.ts loadCatalog), so the first screen's catalog stays small;
    // with the exchange catalog, the place field's words (components/PlacePicker.tsx).
    { path: '<rootDir>/locales/{locale}/trip-search', include: ['src/web/features/trip/search-form', 'src/web/components/PlacePicker.tsx'] },
    // Loaded with the account modals and routes (features/account/texts.ts), for the same reason.
    { path: '<rootDir>/locales/{locale}/account', include: ['src/web/features/account'] },
    // Loaded by the /search route's loader, for the same reason.
    { path: '<rootDir>/locales/{locale}/trip-results', include: ['src/web/features/trip/results'] },
    // Loaded by the cart, checkout, travel-view and recap routes' loaders; with the bookings catalog, the
    // status words of every list (components/BookingStatus.tsx), which the first screen does not need.
    { path: '<rootDir>/locales/{locale}/cart', include: ['src/web/features/cart', 'src/web/features/checkout', 'src/web/components/BookingStatus.tsx'] },
    // Loaded by the approvals routes' loaders (the inbox and the one-click answer page).
    { path: '<rootDir>/locales/{locale}/approvals', include: ['src/web/features/approvals'] },
    // Loaded by the bookings and archives routes (classic and beta) and the calendar subscription modal.
    { path: '<rootDir>/locales/{locale}/bookings', include: ['src/web/features/bookings', 'src/web/features/bookings-beta', 'src/web/features/calendar', 'src/web/components/BookingStatus.tsx'] },
    // Loaded with the cancellation and release modals.
    { path: '<rootDir>/locales/{locale}/cancellation', include: ['src/web/features/cancellation'] },
    // Loaded by the exchange wizard's route.
    { path: '<rootDir>/locales/{locale}/exchange', include: ['src/web/features/exchange', 'src/web/components/PlacePicker.tsx'] },
  ],
  format: 'po',
};
export default config;
