import { config } from 'zod';

/**
 * The app's CSP forbids eval, so zod's JIT parsers can never run here: say so before the first schema
 * is built, which spares zod its `new Function` probe — a probe the browser reports as a CSP violation.
 * start.tsx imports this before the contract.
 */
config({ jitless: true });
