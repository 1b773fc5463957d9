// Debian's Chromium for the benchmark's browsers: the path and arguments of
// tests/chromium.ts, which Node 20 cannot import (TypeScript).
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
