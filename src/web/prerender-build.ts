import { renderAppShell } from './prerender';

/**
 * What vite.config.ts imports through Vite's module runner at build time: the first screens, rendered
 * while this module evaluates — the routes' loaders import their catalogs, which the runner can only
 * serve until the import it was opened for completes.
 */
export const appShell = await renderAppShell();
