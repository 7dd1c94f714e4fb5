import type { LinguiConfig } from '@lingui/conf';

const config: LinguiConfig = {
  locales: ['fr', 'en'],
  sourceLocale: 'fr',
  fallbackLocales: { default: 'fr' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src/web'] }],
  format: 'po',
};
export default config;
