import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockBackend } from './backend';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

it('has a handler for every operation in openapi.yaml', async () => {
  const document = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.includes(method))
      .map((method) => `${method.toUpperCase()} /api${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  const { handlers } = await createMockBackend({ seed: false });
  const handled = new Set(handlers.map((h) => `${String(h.info.method)} ${String(h.info.path)}`));
  expect(operations.length).toBeGreaterThan(25);
  expect(operations.filter((operation) => !handled.has(operation))).toEqual([]);
});
