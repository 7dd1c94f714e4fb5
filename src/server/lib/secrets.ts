/** Kept only for src/server/web.ts (edited elsewhere): import from platform/ instead; delete this folder once web.ts does. */
export * from '../platform/secrets';
