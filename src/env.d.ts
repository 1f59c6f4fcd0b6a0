/** Replaced at build time by vite `define` (vite.config.ts); absent under vitest. */
declare const __API_SECRET__: string | undefined
