import { afterAll, beforeAll } from 'vitest';
import { openPglite } from '~/server/db/pglite';
import type { BackendUnderTest } from '../contract/backend';
import { contractSuite } from '../contract/suite';
import { startShopUnderTest } from './shopUnderTest';

let backend: BackendUnderTest;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ backend, close } = await startShopUnderTest(await openPglite()));
}, 60_000);
afterAll(() => close());

contractSuite('server on PGlite', () => backend);
