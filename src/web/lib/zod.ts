import { config } from 'zod';

/**
 * The app's CSP forbids eval, so zod's JIT parsers can never run here: say so before the first schema
 * is built, which spares zod its `new Function` probe — a probe the browser reports as a CSP violation.
 * The web build sends every `import … from 'zod'` through this module (vite.config.ts, zodJitless), so
 * the flag is set whichever lazily loaded chunk brings zod first.
 */
config({ jitless: true });

export * from 'zod';
