// Runs one TypeScript file of the project, such as a bench script of tests/bench/, through Vite's module runner
// (vite is a dependency of the project's own, so this works after `npm ci`): `node scripts/runTs.mjs <file.ts>`.
import { resolve } from 'node:path';
import { runnerImport } from 'vite';
import { rootAlias } from './rootAlias.mjs';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('Usage: node scripts/runTs.mjs <file.ts>');
  process.exit(2);
}
await runnerImport(resolve(file), { resolve: { alias: [rootAlias] } });
