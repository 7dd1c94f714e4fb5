import fs from 'node:fs';
import path from 'node:path';

/**
 * A minimal built web app in `dist` for API tests of the page the server writes (web.ts): `index.html`
 * as given, and an app-shell.json whose home and search pages put `top` pieces (logo, name) and `end`
 * around the agency's details, in both languages, with the home route only.
 */
export function writeWebShell(dist: string, indexHtml: string, top: { logo: string; name: string }, end = '') {
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  const page = { top, footer: { none: '', info: '', support: '', 'info+support': '' }, end };
  const lang = {
    home: page,
    search: page,
    facts: [],
    searchLine: { line: { departure: { one: '', many: '' }, arrival: { one: '', many: '' } }, day: '', weekdays: [], months: [] },
  };
  fs.writeFileSync(
    path.join(dist, 'app-shell.json'),
    JSON.stringify({
      fr: lang,
      en: lang,
      preload: { fr: [], en: [] },
      routes: [{ id: '/', path: '/', signedInOnly: false, preload: { all: [], fr: [], en: [] } }],
    }),
  );
}
