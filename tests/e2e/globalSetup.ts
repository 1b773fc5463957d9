import { SECOND_SHOPS } from '~/playwright.config';

/** A second shop serves the server's build, or builds the version itself when the sources changed after that build. */
const SECOND_SHOP_START_MS = 180_000;
const POLL_MS = 250;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Waits until every second shop, launched beside the server, answers its health check. */
export default async function waitForSecondShops() {
  const deadline = Date.now() + SECOND_SHOP_START_MS;
  await Promise.all(
    SECOND_SHOPS.map(async ({ name, port }) => {
      const health = `http://127.0.0.1:${port}/api/health`;
      while (!(await answers(health))) {
        if (Date.now() > deadline)
          throw new Error(`The ${name} shop did not answer ${health} within ${SECOND_SHOP_START_MS / 1000} s: its output above says why.`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    }),
  );
}
