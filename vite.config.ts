import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import { gzipAsync } from '@gfx/zopfli';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { rootAlias } from './scripts/rootAlias.mjs';

/**
 * Vite's helper round every dynamic import, without its preloading of the imported file's dependencies: this build never
 * asks for it (resolveDependencies below gives a screen's import none, and the one stylesheet is linked from the page), so
 * that code only weighed on every first load (about 0.6 KB gzip). What it keeps: a file that fails to load is reported
 * with the `vite:preloadError` event, which the app's error page reads (src/features/appError/failedFile.ts).
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const leanPreloadHelper: Plugin = {
  name: 'lean-preload-helper',
  apply: 'build',
  enforce: 'pre',
  load: (id) =>
    id === PRELOAD_HELPER
      ? `export const __vitePreload = (load) => load().catch((error) => {
  const event = new Event('vite:preloadError', { cancelable: true });
  event.payload = error;
  window.dispatchEvent(event);
  if (!event.defaultPrevented) throw error;
});`
      : null,
};

/** Unit tests that mock a module, stub a global or the environment, or import a module fresh: each runs in modules of its own. */
const UNIT_FILES_NEEDING_ISOLATION = [
  'src/api/client.test.ts',
  'src/api/loadClient.test.ts',
  'src/features/orders/copyReference.test.ts',
  'src/state/session/session.actors.test.ts',
  'src/ui/toast.test.ts',
  'server/http/seo.test.ts',
];

/** Gives each test file a temporary folder of its own, removed when the file is done (tests/tempRoot.ts). */
const TEMP_ROOT = 'tests/tempRoot.ts';

const UNIT_TIMEOUTS = {
  // Some start an in-process PGlite, which takes well over 10 s on a busy two-core machine.
  hookTimeout: 60_000,
  // The property tests and the contract suite's heavier cases pass 5 s on a busy two-core machine.
  testTimeout: 20_000,
};

export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    leanPreloadHelper,
    // Brotli and gzip copies of the storefront's files beside them, which the server picks by Accept-Encoding (not for the server's own build,
    // nor for the mock backend's, which `vite preview` serves compressing as it sends: its copies took 13 of its build's 16 s).
    // The gzip copies are Zopfli's: still gzip to every browser, about 4 % smaller than zlib's best, for a few seconds more at build time.
    // A file too small to gain from it (the entry's one line) gets its copies too: every script is sent as the browser asked.
    {
      ...compression({
        algorithms: [
          'brotliCompress',
          defineAlgorithm(async (bytes) => Buffer.from(await gzipAsync(Buffer.from(bytes as Uint8Array), { numiterations: 15 })), {}),
        ],
        skipIfLargerOrEqual: false,
      }),
      apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild && process.env.VITE_MSW !== 'true',
    },
  ],
  server: { port: 5173 },
  resolve: {
    alias: [
      rootAlias,
      // @xstate/react asks for the shims of useSyncExternalStore for React before 18; React 19 has it built in.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
    ],
  },
  // Pre-bundled up front so story tests never re-optimise mid-run (which would load a second React).
  optimizeDeps: {
    include: [
      'sonner',
      '@radix-ui/react-dialog',
      '@radix-ui/react-dropdown-menu',
      'msw/browser',
      'yaml',
      'ajv',
      'ajv-formats',
      'xss',
      '@paypal/react-paypal-js',
      '@tanstack/react-table',
      'papaparse',
      '@tiptap/react',
      '@tiptap/starter-kit',
    ],
  },
  build: {
    target: 'es2022',
    // Maps are written for error reports but not linked from the bundles, and the server never serves them.
    sourcemap: 'hidden',
    manifest: true,
    // One stylesheet, linked from the page: a server-rendered page is styled on first paint, whichever screen it shows
    // (and no screen's import waits for a stylesheet of its own, which leanPreloadHelper could not load).
    cssCodeSplit: false,
    // The page preloads the entry's files; a screen's own files load with it, without a list of them in every import (which the first load would carry;
    // leanPreloadHelper has no preloading of such a list).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostType }) => (hostType === 'html' ? dependencies : []),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every storefront page runs: the app's start (start.tsx, which the entry main.tsx only imports) and all it
          // imports (React DOM, the router, the layout, the shop's machines), and the product card and its parts, as one file
          // instead of the entry, a second file beside it and a dozen under 1 KB, which compress worse apart (the 130 KB
          // first-load budget, tests/e2e/firstLoad.spec.ts). The entry module itself stays out: captured, the manifest loses it.
          groups: [
            {
              name: 'storefront',
              test: /[\\/]src[\\/](app[\\/]start|ui[\\/](Button|Price|Stars|ProductImage|ProductCard|ErrorState|Pending|Spinner|theme[\\/]visuallyHidden|useImageFailure)|domain[\\/](truncate|price|permissions)|state[\\/]shop[\\/]ShopProductCard)[\\/.]|node_modules[\\/]react[\\/]/,
            },
          ],
        },
      },
    },
    // The in-browser mock backend (msw, ajv, the catalogue generator) is one lazy chunk that only dev and test builds load.
    chunkSizeWarningLimit: 1500,
  },
  test: {
    // An it.only left in a file would run that test alone, and the run would pass.
    allowOnly: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          setupFiles: [TEMP_ROOT],
          environment: 'node',
          benchmark: { include: ['tests/bench/**/*.bench.ts'] },
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'machines/**/*.test.ts',
            'mocks/**/*.test.ts',
            'seed/**/*.test.ts',
            'server/**/*.test.ts',
            'tests/contract/**/*.test.ts',
          ],
          ...UNIT_TIMEOUTS,
          exclude: [...configDefaults.exclude, ...UNIT_FILES_NEEDING_ISOLATION],
          // The files share their modules: importing msw, the mock backend and the core once per worker, not once per file.
          isolate: false,
          // Two files at once on two cores, where vitest's own default is one (the machines' and the server's the same: projects run together only with the same number).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-isolated',
          setupFiles: [TEMP_ROOT],
          environment: 'node',
          include: UNIT_FILES_NEEDING_ISOLATION,
          ...UNIT_TIMEOUTS,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          setupFiles: [TEMP_ROOT],
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts', 'tests/fuzz/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          // The files share the imported core, not each importing it: none mocks a module, and each sets or deletes
          // FIREBASE_AUTH_EMULATOR_HOST before it uses firebase-admin, whose apps are keyed by project.
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Hostile requests on a shop started as `npm start` starts it (tests/attack): run alone, so its probe times that shop, not other tests.
          name: 'attack',
          setupFiles: [TEMP_ROOT],
          environment: 'node',
          include: ['tests/attack/**/*.test.ts'],
          maxWorkers: 1,
          testTimeout: 30_000,
          // The shop's start, with its build first when this version has none.
          hookTimeout: 600_000,
        },
      },
      {
        extends: true,
        test: {
          // QA's machine paths: the app's machines and actors on a fresh mock backend each (tests/machines, docs/qa.md).
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          setupFiles: ['tests/machines/harness/setup.ts'],
          // The files share their modules (each opens its own shops): importing msw, ajv and the app once keeps the run well under a minute.
          isolate: false,
          maxWorkers: 2,
          env: { VITE_API_BASE: 'http://shop.test/api' },
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('.storybook', import.meta.url)) })],
        test: {
          name: 'storybook',
          // After the others in a run of every project: its browser's pages take the cores the others' workers use.
          sequence: { groupOrder: 1 },
          // Two story files at once, one page each, where vitest's own default on two cores is one.
          maxWorkers: 2,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
