import { fileURLToPath } from 'node:url';

/**
 * `~/` is the project's root, so no import climbs more than one folder (tsconfig.json's `paths` says the same to
 * TypeScript). Vite's config and the scripts that load TypeScript through Vite's module runner share this one alias.
 */
export const rootAlias = { find: /^~\//, replacement: fileURLToPath(new URL('../', import.meta.url)) };
