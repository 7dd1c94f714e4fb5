import type { LinguiConfig } from '@lingui/conf';

/** `LINGUI_CATALOG=hotel npx lingui extract --clean` extracts that catalog alone and leaves the others as they are. */
const only = process.env.LINGUI_CATALOG;

const config: LinguiConfig = {
  locales: ['fr', 'en'],
  sourceLocale: 'fr',
  fallbackLocales: { default: 'fr' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src/web'],
      exclude: [
        '<rootDir>/src/web/features/trip/search-form/**',
        '<rootDir>/src/web/features/trip/results/**',
        '<rootDir>/src/web/features/account/**',
        '<rootDir>/src/web/features/auth/**',
        '<rootDir>/src/web/features/cart/**',
        '<rootDir>/src/web/features/checkout/**',
        '<rootDir>/src/web/features/approvals/**',
        '<rootDir>/src/web/features/my-bookings/**',
        '<rootDir>/src/web/features/my-bookings-beta/**',
        '<rootDir>/src/web/features/calendar/**',
        '<rootDir>/src/web/features/cancellation/**',
        '<rootDir>/src/web/features/exchange/**',
        '<rootDir>/src/web/components/BookingStatus.tsx',
        '<rootDir>/src/web/components/PlacePicker.tsx',
        '<rootDir>/src/web/components/search-form/**',
        '<rootDir>/src/web/components/labels/**',
        '<rootDir>/src/web/components/results/**',
        '<rootDir>/src/web/components/date-picker/**',
        '<rootDir>/src/web/components/passengers/**',
        '<rootDir>/src/web/features/hotel/**',
        '<rootDir>/src/web/features/car-rental/**',
        '<rootDir>/src/web/features/expert/**',
        '<rootDir>/src/web/features/company-admin/**',
        '<rootDir>/src/web/features/agency-admin/**',
        '<rootDir>/src/web/features/agency-queue/**',
        '<rootDir>/src/web/features/acting/**',
        '<rootDir>/src/web/features/privacy/**',
        '<rootDir>/src/web/components/OnBehalfNote.tsx',
        '<rootDir>/src/web/components/GenderField.tsx',
        '<rootDir>/src/web/components/ConfirmRemoval.tsx',
        '<rootDir>/src/web/features/documents/**',
        '<rootDir>/src/web/features/loyalty-cards/**',
        '<rootDir>/src/web/features/dashboard/**',
        '<rootDir>/src/web/features/profile/**',
        '<rootDir>/src/web/features/payment-cards/**',
        '<rootDir>/src/web/components/PaymentNote.tsx',
      ],
    },
    // Loaded with the trip search form's chunk (lib/i18n.ts loadCatalog), so the first screen's catalog stays small;
    // with the hotel, car-rental and expert catalogs, the entity field and side panel (components/search-form/parts.tsx)
    // and the forms' shared fields (components/search-form);
    // with the exchange, hotel, car-rental and expert catalogs, the place field's words (components/PlacePicker.tsx),
    // and with the last three the date field and calendar's (components/date-picker) and the passengers panel's
    // (components/passengers/labels.ts).
    {
      path: '<rootDir>/locales/{locale}/trip-search',
      include: [
        'src/web/features/trip/search-form',
        'src/web/components/search-form',
        'src/web/components/PlacePicker.tsx',
        'src/web/components/date-picker',
        'src/web/components/passengers/labels.ts',
      ],
    },
    // Loaded with the sign-in, sign-up and password modals and the activation, onboarding and token sign-in routes (features/auth/texts.ts), for the same reason.
    { path: '<rootDir>/locales/{locale}/auth', include: ['src/web/features/auth', 'src/web/components/GenderField.tsx'] },
    // Loaded by the account area's route (features/account/texts.ts): its menu.
    { path: '<rootDir>/locales/{locale}/account', include: ['src/web/features/account'] },
    // Loaded by the /search route's loader, for the same reason. With the cart, exchange, car-rental and company-admin
    // catalogs, the words of a fare's flexibility and of the car categories that several features show (components/labels);
    // with the hotel, car-rental and expert catalogs, the results screens' shared states and traveller-step parts (components/results).
    {
      path: '<rootDir>/locales/{locale}/trip-results',
      include: ['src/web/features/trip/results', 'src/web/components/results', 'src/web/components/labels/flexibility.ts'],
    },
    // Loaded by the cart, checkout, travel-view and recap routes' loaders; with the bookings catalog, the
    // status words of every list (components/BookingStatus.tsx), which the first screen does not need.
    // With the note saying for whom staff booked (components/OnBehalfNote.tsx), shown only there.
    // With how a booked travel was paid (components/PaymentNote.tsx), shown there and in the bookings.
    {
      path: '<rootDir>/locales/{locale}/cart',
      include: [
        'src/web/features/cart',
        'src/web/features/checkout',
        'src/web/components/labels',
        'src/web/components/BookingStatus.tsx',
        'src/web/components/OnBehalfNote.tsx',
        'src/web/components/PaymentNote.tsx',
      ],
    },
    // Loaded by the approvals routes' loaders (the inbox and the one-click answer page).
    { path: '<rootDir>/locales/{locale}/approvals', include: ['src/web/features/approvals'] },
    // Loaded by the bookings and archives routes (classic and beta) and the calendar subscription modal.
    {
      path: '<rootDir>/locales/{locale}/bookings',
      include: [
        'src/web/features/my-bookings',
        'src/web/features/my-bookings-beta',
        'src/web/features/calendar',
        'src/web/components/BookingStatus.tsx',
        'src/web/components/PaymentNote.tsx',
      ],
    },
    // Loaded with the cancellation and release modals.
    { path: '<rootDir>/locales/{locale}/cancellation', include: ['src/web/features/cancellation'] },
    // Loaded by the exchange wizard's route.
    {
      path: '<rootDir>/locales/{locale}/exchange',
      include: ['src/web/features/exchange', 'src/web/components/PlacePicker.tsx', 'src/web/components/labels/flexibility.ts'],
    },
    // Loaded by the hotel search and results routes.
    {
      path: '<rootDir>/locales/{locale}/hotel',
      include: [
        'src/web/features/hotel',
        'src/web/components/results',
        'src/web/components/search-form',
        'src/web/components/PlacePicker.tsx',
        'src/web/components/date-picker',
        'src/web/components/passengers/labels.ts',
      ],
    },
    // Loaded by the car-rental search and results routes.
    {
      path: '<rootDir>/locales/{locale}/car-rental',
      include: [
        'src/web/features/car-rental',
        'src/web/components/results',
        'src/web/components/labels/car-categories.ts',
        'src/web/components/search-form',
        'src/web/components/PlacePicker.tsx',
        'src/web/components/date-picker',
      ],
    },
    // Loaded by the expert search route.
    {
      path: '<rootDir>/locales/{locale}/expert',
      include: [
        'src/web/features/expert',
        'src/web/components/results',
        'src/web/components/search-form',
        'src/web/components/PlacePicker.tsx',
        'src/web/components/date-picker',
        'src/web/components/passengers/labels.ts',
      ],
    },
    // Loaded by the agency work queue's route.
    { path: '<rootDir>/locales/{locale}/agency-queue', include: ['src/web/features/agency-queue'] },
    // Loaded by the travel manager's page and the invitation page.
    {
      path: '<rootDir>/locales/{locale}/company-admin',
      include: ['src/web/features/company-admin', 'src/web/components/labels/car-categories.ts', 'src/web/components/GenderField.tsx'],
    },
    // Loaded by the agency administrator's area.
    { path: '<rootDir>/locales/{locale}/agency-admin', include: ['src/web/features/agency-admin'] },
    // Loaded with the passengers panel (components/passengers/lazy.tsx), when a search form is first used.
    { path: '<rootDir>/locales/{locale}/passengers', include: ['src/web/components/passengers/PassengersPanel.tsx'] },
    // Loaded with agency staff's company and traveller picker and their banner (features/acting), which no one else loads.
    { path: '<rootDir>/locales/{locale}/acting', include: ['src/web/features/acting'] },
    // Loaded by the privacy policy, /account/informations ("Mes données") and the account deletion dialog.
    { path: '<rootDir>/locales/{locale}/privacy', include: ['src/web/features/privacy'] },
    // Loaded by the personal data route (/account/informations) with the identity documents section.
    { path: '<rootDir>/locales/{locale}/documents', include: ['src/web/features/documents', 'src/web/components/ConfirmRemoval.tsx'] },
    // Loaded by the personal data route (/account/informations) with the loyalty and discount cards section.
    { path: '<rootDir>/locales/{locale}/cards', include: ['src/web/features/loyalty-cards', 'src/web/components/ConfirmRemoval.tsx'] },
    // Loaded by the personal data route (/account/informations) with the saved payment cards section.
    { path: '<rootDir>/locales/{locale}/payment-cards', include: ['src/web/features/payment-cards', 'src/web/components/ConfirmRemoval.tsx'] },
    // Loaded by /account/informations (the editable profile).
    { path: '<rootDir>/locales/{locale}/profile', include: ['src/web/features/profile', 'src/web/components/GenderField.tsx'] },
    // Loaded by the dashboard's route (/account/dashboard).
    { path: '<rootDir>/locales/{locale}/dashboard', include: ['src/web/features/dashboard'] },
  ],
  format: 'po',
};
if (only) config.catalogs = config.catalogs!.filter((c) => c.path.endsWith(`/${only}`));
export default config;
