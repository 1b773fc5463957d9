// Debian's Chromium, for every browser the tests and benchmarks start (tools never download one here).
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
