// Fails when src/api/schema.d.ts is not what openapi-typescript makes of openapi.yaml now.
import { readFile } from 'node:fs/promises';
import openapiTS, { astToString } from 'openapi-typescript';

const generated = astToString(await openapiTS(new URL('../openapi.yaml', import.meta.url)));
const committed = await readFile(new URL('../src/api/schema.d.ts', import.meta.url), 'utf8');
const body = (text) => text.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '').trim();
if (body(generated) !== body(committed)) {
  console.error('src/api/schema.d.ts is stale: run `npm run api:types` and commit it.');
  process.exit(1);
}
console.log('src/api/schema.d.ts matches openapi.yaml');
