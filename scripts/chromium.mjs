// Debian's Chromium, for every browser the tests and benchmarks start (tools never download one here).
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Switches for every browser the tests and benchmarks start, whichever tool launches it (Lighthouse's chrome-launcher too). */
export const chromiumSwitches = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The features Playwright turns off itself (playwright-core's chromiumSwitches.ts): Chromium keeps only the last
 * --disable-features it is given, so ours repeats them (tests/e2e/browserSwitches.spec.ts checks it still does).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's popups, WebUI pages that headless Chromium renders in a renderer of their own for every browser,
 * busy at every page a test opens and closes: about a quarter of a run of short e2e tests.
 */
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** For a browser Playwright launches (the e2e tests, the story tests, the benchmarks' pages). */
export const chromiumArgs = [...chromiumSwitches, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS].join(',')}`];
