import { afterAll, beforeAll, inject } from 'vitest';
import { openPostgres } from '~/server/db/postgres';
import type { BackendUnderTest } from '../contract/backend';
import { contractSuite } from '../contract/suite';
import { startShopUnderTest } from './shopUnderTest';

let backend: BackendUnderTest;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ backend, close } = await startShopUnderTest(openPostgres(inject('postgresUrl'), () => undefined)));
}, 60_000);
afterAll(() => close());

contractSuite('server on PostgreSQL', () => backend);
