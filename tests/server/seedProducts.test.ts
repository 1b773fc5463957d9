import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { generateCatalogue } from '~/seed/catalogue/generate';
import { call, waitForHealth } from './builtServer';
import { freePort } from './freePort';
import { BUILT_SERVER } from './globalSetup';
import { authEmulator } from './authEmulator';

const PRODUCTS = 3000;

it('seeds as many generated products as SEED_PRODUCTS says on its first start, with comments on their ratings, and pages them', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      DATA_DIR: await mkdtemp(join(tmpdir(), 'seeded-')),
      FIREBASE_AUTH_EMULATOR_HOST: authEmulator().host,
      FIREBASE_PROJECT_ID: authEmulator().projectId,
      LOG_LEVEL: 'error',
      SEED_PRODUCTS: String(PRODUCTS),
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth(port, 60_000);
    const seeded = generateCatalogue(PRODUCTS);
    const onSale = seeded.filter((p) => p.stock > 0 && !p.disable);
    const page = await call(port, null, 'GET', '/products?page=2&pageSize=48&sort=newest');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page: 2, total: onSale.length, pageCount: Math.ceil(onSale.length / 48) });
    expect(page.body.items).toHaveLength(48);
    expect((await call(port, null, 'GET', '/products')).body).toHaveLength(seeded.filter((p) => !p.disable).length);
    const rated = seeded.find((p) => !p.disable && p.reviews >= 10)!;
    const comments = await call(port, null, 'GET', `/comments?productId=${rated.id}`);
    expect(comments.status).toBe(200);
    expect(comments.body.length).toBeGreaterThanOrEqual(3);
  } finally {
    child.kill('SIGTERM');
  }
}, 90_000);
