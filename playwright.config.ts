import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

const MSW_PORT = 4319;
export const SERVER_PORT = 4320;
export const SERVER_AUTH_EMULATOR_PORT = 9420;
const PAYPAL_SHOP_PORT = 4321;
export const PAYPAL_STAND_IN_PORT = 4322;
const ADMIN_SHOP_PORT = 4323;
const PAGED_SHOP_PORT = 4324;
/** Past CATALOGUE_PAGING_THRESHOLD (2,000 storefront products): 2,050 of these are in stock and enabled. */
const PAGED_SHOP_PRODUCTS = 2400;
/** The shops' data folders, each emptied when its shop starts: one run's data is left to look into, and no more. */
export const E2E_DATA = '.e2e';
/**
 * Shops beside the server's, each with a database of its own, on the build and
 * Auth emulator `npm start` gives the server (tests/e2e/secondShop.mjs): one
 * taking PayPal payments from local stand-ins, one for the back office's specs,
 * and one of a catalogue read a page at a time.
 */
export const SECOND_SHOPS = [
  { name: 'paypal', port: PAYPAL_SHOP_PORT, env: { PAYPAL_STAND_IN_PORT: String(PAYPAL_STAND_IN_PORT) } },
  { name: 'admin', port: ADMIN_SHOP_PORT, env: {} },
  { name: 'paged', port: PAGED_SHOP_PORT, env: { SEED_PRODUCTS: String(PAGED_SHOP_PRODUCTS) } },
];

/**
 * End-to-end tests in Chromium: the shell's spec on the production build
 * answered by the MSW backend (desktop, phone), which proves that build; every
 * other spec once, on `npm start`'s real server with PGlite and the Firebase
 * Auth emulator (server), as tests/contract proves the mock backend answers as
 * that server does; and on that build and server again,
 * each with a database of its own: taking PayPal payments from local
 * stand-ins of PayPal's JS SDK and REST API (paypal), and for the back
 * office's specs, whose changes to the catalogue and the people would move
 * the storefront specs' counts (admin); and the storefront of a catalogue
 * large enough to be read a page at a time (paged).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // A test.only left in a spec would run that test alone, and the run would pass.
  forbidOnly: true,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // A failed test keeps its trace of DOM snapshots (and its error context); the screencast's screenshots cost every
    // test a fifth of its time in Chromium's browser and GPU processes. `--trace on` records them for a run.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${MSW_PORT}` },
      testMatch: /shell\.spec\.ts/,
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined, baseURL: `http://127.0.0.1:${MSW_PORT}` },
      testMatch: /shell\.spec\.ts/,
      grep: /@phone/,
    },
    {
      name: 'server',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${SERVER_PORT}` },
      testIgnore: /shell\.spec\.ts/,
      grepInvert: /@paypal|@admin|@paged/,
    },
    {
      name: 'paypal',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PAYPAL_SHOP_PORT}` },
      testIgnore: /shell\.spec\.ts/,
      grep: /@paypal/,
    },
    {
      name: 'admin',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${ADMIN_SHOP_PORT}` },
      testIgnore: /shell\.spec\.ts/,
      grep: /@admin/,
    },
    {
      name: 'paged',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PAGED_SHOP_PORT}` },
      testIgnore: /shell\.spec\.ts/,
      grep: /@paged/,
    },
  ],
  // The second shops, started side by side once the server below has this version's build and starts its Auth emulator.
  globalSetup: './tests/e2e/globalSetup.ts',
  webServer: [
    {
      command: `exec node_modules/.bin/vite preview --outDir dist-msw --port ${MSW_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${MSW_PORT}/home`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `rm -rf ${E2E_DATA}/server && DATA_DIR=${E2E_DATA}/server PORT=${SERVER_PORT} AUTH_EMULATOR_PORT=${SERVER_AUTH_EMULATOR_PORT} exec node scripts/start.mjs`,
      url: `http://127.0.0.1:${SERVER_PORT}/api/health`,
      // Done waiting once the build is there (or the server answers, should it be running already): globalSetup starts
      // the second shops on that build while the server seeds its database, then waits until the server answers too.
      wait: { stdout: /^(Using the build of this version|Built in) /m },
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    },
  ],
});
